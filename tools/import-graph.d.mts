export interface ImportEdge {
  from: string;
  to: string;
  /** Every import of `to` in `from` carries types only (erased from the JavaScript). */
  typeOnly: boolean;
}

export interface ImportCycle {
  /** The files of one strongly connected component, sorted. */
  files: string[];
  /** The imports between them. */
  imports: ImportEdge[];
}

export interface ImportGraph {
  /** The folder read, absolute. */
  root: string;
  files: number;
  /** Imported files counted once per importing file, type-only included. */
  imports: number;
  /** Largest first. */
  cycles: ImportCycle[];
  /** A file stands one level above everything it imports; a cycle counts as one node. */
  levels: number;
  /** From the top file down to level 1; a cycle on the way stands as the list of its files. */
  longestChain: Array<string | string[]>;
  fileLevels: Record<string, number>;
  /** What each file imports of the folder, type-only included. */
  fileImports: Record<string, Array<{ to: string; typeOnly: boolean }>>;
}

/** Every module specifier in a file's text, with whether the import carries types only. */
export function importsOf(fileName: string, text: string): Array<{ specifier: string; typeOnly: boolean }>;

/** Reads the non-test TypeScript files under `root` and measures their import graph (paths relative to `root`). */
export function analyzeImportGraph(root: string): ImportGraph;

/** The command line; returns the exit code (1: a --max-levels or --no-cycles limit broken, 2: usage). */
export function main(argv: string[], io?: { cwd?: string; out?: (text: string) => void; err?: (text: string) => void }): number;
