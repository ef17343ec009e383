import { z } from 'zod';
import { markdownToPlainText } from './markdown-text';
import { foldText } from './french-format';

/**
 * The documentation (/docs): Markdown files in the repository (packages/server/docs), plus the
 * pages staff write in the back office (the docPages resource), which add a page or replace
 * the file at the same path. The rules here are pure; reading the files is the server's.
 */

const DocPathSchema = z.array(z.string().regex(/^[a-z0-9-]+$/)).min(1).max(6);

/** One entry of the table of contents: no body. */
export const DocSummarySchema = z.object({
  path: DocPathSchema,
  title: z.string(),
  description: z.string(),
  order: z.number(),
});
export type DocSummary = z.infer<typeof DocSummarySchema>;

/** A whole page, as GET /api/docPages/byPath/* answers it. */
export const DocArticleSchema = DocSummarySchema.extend({ _id: z.string(), body: z.string() });
export type DocArticle = z.infer<typeof DocArticleSchema>;

export const DocTocSchema = z.object({ items: z.array(DocSummarySchema) });
export type DocToc = z.infer<typeof DocTocSchema>;

export const DocSearchQuerySchema = z.object({
  q: z.string().trim().min(2, 'Tapez au moins deux lettres.').max(100, 'La recherche tient en 100 caractères.'),
});

export const DocSearchHitSchema = z.object({ path: DocPathSchema, title: z.string(), excerpt: z.string() });
export type DocSearchHit = z.infer<typeof DocSearchHitSchema>;
export const DocSearchAnswerSchema = z.object({ q: z.string(), items: z.array(DocSearchHitSchema) });
export type DocSearchAnswer = z.infer<typeof DocSearchAnswerSchema>;

/** A page as kept in memory: its summary and Markdown body (the first `# Titre` included). */
export interface DocSource extends DocSummary {
  body: string;
}

export class DocFileError extends Error {}

/**
 * One Markdown file of the docs folder: `organisateurs/premiers-pas.md` is /docs/organisateurs/premiers-pas,
 * `organisateurs/index.md` is /docs/organisateurs. The title is the first `# ` heading; a front
 * matter between `---` lines gives `order` (place among its siblings) and `description` (one sentence).
 */
export function docFromFile(relativePath: string, text: string): DocSource {
  const segments = relativePath.replace(/\\/g, '/').replace(/\.md$/, '').split('/').filter(Boolean);
  if (segments.at(-1) === 'index') segments.pop();
  const parsedPath = DocPathSchema.safeParse(segments);
  if (!parsedPath.success) throw new DocFileError(`${relativePath} : chemin de page invalide (a-z, 0-9, tirets ; pas d’index.md à la racine).`);
  const source = text.replace(/\r\n?/g, '\n');
  const front = /^---\n([\s\S]*?)\n---\n/.exec(source);
  const meta = new Map<string, string>();
  for (const line of (front?.[1] ?? '').split('\n')) {
    const match = /^([a-z]+):\s*(.*)$/.exec(line.trim());
    if (match) meta.set(match[1]!, match[2]!.replace(/^["']|["']$/g, ''));
  }
  const body = (front ? source.slice(front[0].length) : source).replace(/^\n+/, '');
  const title = /^#[ \t]+(.+?)[ \t]*#*[ \t]*$/m.exec(body)?.[1];
  if (!title) throw new DocFileError(`${relativePath} : la page n’a pas de titre (une première ligne « # Titre »).`);
  const order = Number(meta.get('order') ?? 0);
  if (!Number.isFinite(order)) throw new DocFileError(`${relativePath} : « order » n’est pas un nombre.`);
  return { path: parsedPath.data, title, description: meta.get('description') ?? '', order, body };
}

/** The pages of the files, where a page written in the back office at the same path replaces its file. */
export function mergeDocs(files: readonly DocSource[], written: readonly DocSource[]): DocSource[] {
  const byPath = new Map(files.map((page) => [page.path.join('/'), page]));
  for (const page of written) byPath.set(page.path.join('/'), page);
  return sortDocs([...byPath.values()]);
}

/** Reading order: a page, then its children (by `order`, then path), depth first. */
export function sortDocs<T extends DocSummary>(pages: readonly T[]): T[] {
  const keys = new Set(pages.map((page) => page.path.join('/')));
  const parentOf = (page: T) => {
    for (let n = page.path.length - 1; n > 0; n--) {
      const key = page.path.slice(0, n).join('/');
      if (keys.has(key)) return key;
    }
    return '';
  };
  const children = new Map<string, T[]>();
  for (const page of pages) {
    const parent = parentOf(page);
    children.set(parent, [...(children.get(parent) ?? []), page]);
  }
  const byOrder = (a: T, b: T) => a.order - b.order || a.path.join('/').localeCompare(b.path.join('/'));
  const walk = (key: string): T[] => [...(children.get(key) ?? [])].sort(byOrder).flatMap((page) => [page, ...walk(page.path.join('/'))]);
  return walk('');
}


/**
 * The pages that hold every word of `q` (accents and case aside), best first: a word in the
 * title counts most, then in the description, then in the text. Each hit carries a sentence of
 * the text around the first word found.
 */
export function searchDocs(pages: readonly DocSource[], q: string, limit = 20): DocSearchHit[] {
  const words = foldText(q)
    .split(/[^a-z0-9@/.-]+/)
    .map((word) => word.replace(/^[.-]+|[.-]+$/g, ''))
    .filter((word) => word.length >= 2);
  if (!words.length) return [];
  const scored = pages.flatMap((page) => {
    const title = foldText(page.title);
    const description = foldText(page.description);
    const plain = markdownToPlainText(page.body).replace(/\s+/g, ' ');
    const text = foldText(plain);
    let score = 0;
    for (const word of words) {
      const inTitle = title.includes(word);
      const inDescription = description.includes(word);
      const count = text.split(word).length - 1;
      if (!inTitle && !inDescription && count === 0) return [];
      score += (inTitle ? 10 : 0) + (inDescription ? 4 : 0) + Math.min(count, 10);
    }
    return [{ page, score, excerpt: excerptAround(plain, text, words) }];
  });
  return scored
    .sort((a, b) => b.score - a.score || a.page.order - b.page.order)
    .slice(0, limit)
    .map(({ page, excerpt }) => ({ path: page.path, title: page.title, excerpt }));
}

/** About 160 characters of the text around the first word found (its start if none is). */
function excerptAround(plain: string, folded: string, words: string[]): string {
  // The first heading repeats the title: skip it.
  const positions = words.map((word) => folded.indexOf(word, Math.min(folded.length, 1))).filter((at) => at >= 0);
  const at = positions.length ? Math.min(...positions) : 0;
  const start = Math.max(0, at - 60);
  const end = Math.min(plain.length, start + 160);
  const cut = plain.slice(start, end).trim();
  return `${start > 0 ? '…' : ''}${cut}${end < plain.length ? '…' : ''}`;
}

/** The addresses under /docs that a Markdown text links to (`[texte](/docs/…)`), without their anchor. */
export function docLinksIn(markdown: string): string[] {
  return [...markdown.matchAll(/\]\((\/docs(?:\/[^)\s#?]*)?)(?:[#?][^)\s]*)?\)/g)].map((match) => match[1]!.replace(/\/+$/, '') || '/docs');
}
