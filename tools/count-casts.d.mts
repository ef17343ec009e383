export interface Cast {
  /** 1-based. */
  line: number;
  /** The cast's source text on one line, cut at 120 characters. */
  text: string;
}

export interface CastCount {
  total: number;
  /** The files that hold a cast, most first, paths relative to the repository. */
  files: Array<{ path: string; count: number; casts: Cast[] }>;
}

/** Whether a repository path is counted: `packages/server/src/**\/*.ts`, tests and `testing/` left out. */
export function isCounted(path: string): boolean;

/** The casts (`as T` and `<T>x`, `as const` left out) of one file's text. */
export function castsOf(fileName: string, text: string): Cast[];

/** The counted files git tracks in the repository at `root`, sorted. */
export function trackedFiles(root: string): string[];

/** Counts the casts of the repository at `root`. */
export function countCasts(root: string): CastCount;

/** The command line; returns the exit code (1: a --max or --routes-zero limit broken, 2: usage). */
export function main(argv: string[], io?: { cwd?: string; out?: (text: string) => void; err?: (text: string) => void }): number;
