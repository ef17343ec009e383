import { describe, expect, it } from 'vitest';
import { DocFileError, docFromFile, docLinksIn, mergeDocs, searchDocs, sortDocs, type DocSource } from './docs';
import { foldText } from './french-format';

const page = (path: string, title: string, order: number, body = `# ${title}\n\nTexte.`, description = ''): DocSource => ({ path: path.split('/'), title, description, order, body });

describe('docFromFile', () => {
  it('takes the path from the file name, the title from the first heading, order and description from the front matter', () => {
    const doc = docFromFile('organisateurs/premiers-pas.md', '---\norder: 3\ndescription: "Du compte au premier événement."\n---\n\n# Premiers pas\n\n## Le compte\n\nTexte.\n');
    expect(doc).toEqual({ path: ['organisateurs', 'premiers-pas'], title: 'Premiers pas', description: 'Du compte au premier événement.', order: 3, body: '# Premiers pas\n\n## Le compte\n\nTexte.\n' });
  });

  it('makes a folder’s index.md the folder’s page, and reads a file without front matter', () => {
    expect(docFromFile('hebergement/index.md', '# Héberger\r\n\r\nTexte.')).toMatchObject({ path: ['hebergement'], title: 'Héberger', order: 0, description: '' });
  });

  it('refuses a page without a title, an index at the root, an unusable path or order, naming the file', () => {
    expect(() => docFromFile('a.md', 'Pas de titre.')).toThrow(new DocFileError('a.md : la page n’a pas de titre (une première ligne « # Titre »).'));
    expect(() => docFromFile('index.md', '# Accueil')).toThrow(DocFileError);
    expect(() => docFromFile('Majuscules.md', '# Titre')).toThrow(/chemin de page invalide/);
    expect(() => docFromFile('a.md', '---\norder: beaucoup\n---\n# Titre')).toThrow(/« order » n’est pas un nombre/);
  });
});

describe('sortDocs and mergeDocs', () => {
  it('reads a page, then its children by order, depth first', () => {
    const sorted = sortDocs([page('b/deux', 'B2', 2), page('a', 'A', 10), page('b', 'B', 5), page('b/un', 'B1', 1), page('a/x', 'AX', 0)]);
    expect(sorted.map((p) => p.title)).toEqual(['B', 'B1', 'B2', 'A', 'AX']);
  });

  it('puts a page whose parent does not exist at the top level', () => {
    expect(sortDocs([page('z/orpheline', 'Orpheline', 0), page('a', 'A', 1)]).map((p) => p.title)).toEqual(['Orpheline', 'A']);
  });

  it('lets a written page add to the files, or replace the file at its path', () => {
    const merged = mergeDocs([page('a', 'A', 1), page('b', 'B', 2)], [page('b', 'B réécrite', 2), page('c', 'C', 0)]);
    expect(merged.map((p) => p.title)).toEqual(['C', 'A', 'B réécrite']);
  });
});

describe('searchDocs', () => {
  const pages = [
    page('menus', 'Menus et allergènes', 2, '# Menus et allergènes\n\nLes 14 allergènes du règlement européen : gluten, lait, œufs.', 'La carte.'),
    page('liens', 'Les liens courts', 1, '# Les liens courts\n\nUn QR code pour chaque affiche, et le compte des visites.'),
    page('api', 'L’API', 3, '# L’API\n\nUne clé d’API par programme. Le gluten ne passe pas par ici.'),
  ];

  it('finds the pages holding every word, accents and case aside, the title counting most', () => {
    expect(searchDocs(pages, 'ALLERGENES').map((hit) => hit.title)).toEqual(['Menus et allergènes']);
    expect(searchDocs(pages, 'gluten').map((hit) => hit.title)).toEqual(['Menus et allergènes', 'L’API']);
    expect(searchDocs(pages, 'qr affiche').map((hit) => hit.title)).toEqual(['Les liens courts']);
    expect(searchDocs(pages, 'qr tombola')).toEqual([]);
    expect(searchDocs(pages, "clé d'api").map((hit) => hit.title)).toEqual(['L’API']);
  });

  it('gives the sentence around the first word found, without Markdown', () => {
    const [hit] = searchDocs(pages, 'visites');
    expect(hit).toEqual({ path: ['liens'], title: 'Les liens courts', excerpt: expect.stringContaining('le compte des visites') });
    expect(hit!.excerpt).not.toContain('#');
  });

  it('finds nothing for a query of one letter or punctuation only', () => {
    expect(searchDocs(pages, 'a')).toEqual([]);
    expect(searchDocs(pages, ' ?! ')).toEqual([]);
  });

  it('keeps to the limit', () => {
    expect(searchDocs(pages, 'le', 1)).toHaveLength(1);
  });
});

describe('docLinksIn and foldText', () => {
  it('lists the /docs addresses a text links to, without anchors, and nothing else', () => {
    expect(docLinksIn('[A](/docs/a/b) [B](/docs) [C](/docs/c#titre) [D](/events) [E](https://x.fr/docs/a)')).toEqual(['/docs/a/b', '/docs', '/docs/c']);
  });

  it('folds accents, case and apostrophes', () => {
    expect(foldText('Élément d’ŒUVRE')).toBe("element d'œuvre");
  });
});
