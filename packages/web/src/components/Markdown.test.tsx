// @vitest-environment jsdom
// DOMPurify misreads happy-dom's DOM (it keeps iframes and drops headings there); jsdom behaves as browsers do.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Markdown, renderMarkdown, withoutLeadingTitle } from './Markdown';

function show(source: string) {
  const memory = memoryLocation({ path: '/blog/x', record: true });
  const view = render(
    <Router hook={memory.hook}>
      <Markdown source={source} />
    </Router>,
  );
  return { ...view, memory };
}

describe('Markdown', () => {
  it('renders headings one level down, lists, emphasis and links', () => {
    const { container } = show('# Titre\n\nDu **gras** et une [page](/events).\n\n- un\n- deux');
    expect(container.querySelector('h2')?.textContent).toBe('Titre');
    expect(container.querySelector('h1')).toBeNull();
    expect(container.querySelector('strong')?.textContent).toBe('gras');
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(container.querySelector('a')?.getAttribute('href')).toBe('/events');
  });

  it('shows malicious markdown inert: no script, no event handler, no javascript: or data: link', () => {
    const evil = [
      '<script>window.hacked = true</script>',
      '<img src="x" onerror="window.hacked = true">',
      '[clique](javascript:alert(1))',
      '<a href="JaVaScRiPt:alert(1)">bis</a>',
      '<a href=" javascript:alert(1)">ter</a>',
      '[données](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=" alt="image">',
      '<iframe src="https://evil.example"></iframe>',
      '<div onclick="alert(1)" style="position:fixed">survol</div>',
      '<svg><script>alert(1)</script></svg>',
      '<form action="https://evil.example"><input name="mdp"></form>',
    ].join('\n\n');
    const { container } = show(evil);
    const html = container.innerHTML;
    expect(container.querySelector('script, iframe, form, input, svg, style')).toBeNull();
    expect(html).not.toMatch(/onerror|onclick|javascript:|data:/i);
    expect([...container.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.name)).filter((n) => n.startsWith('on') || n === 'style')).toEqual([]);
    // The text stays readable, only its danger is gone.
    expect(container.textContent).toContain('clique');
    expect(container.textContent).toContain('survol');
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('opens external links with noopener noreferrer, and keeps internal ones in the app', async () => {
    const { container, memory } = show('[Mairie](https://www.poitiers.fr/) et [agenda](/home/Poitiers)');
    const [external, internal] = [...container.querySelectorAll('a')];
    expect(external!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(external!.getAttribute('target')).toBe('_blank');
    expect(internal!.getAttribute('rel')).toBeNull();
    await userEvent.click(internal!);
    expect(memory.history.at(-1)).toBe('/home/Poitiers');
  });

  it('keeps mailto links, and drops a first heading that repeats the title', () => {
    expect(renderMarkdown('[écrire](mailto:contact@sortie.fr)')).toContain('href="mailto:contact@sortie.fr"');
    expect(withoutLeadingTitle('# Bienvenue\n\nTexte', 'Bienvenue').trim()).toBe('Texte');
    expect(withoutLeadingTitle('# Autre\n\nTexte', 'Bienvenue')).toBe('# Autre\n\nTexte');
  });

  it('lets the keyboard reach a code block or a table, which may scroll in their own box', () => {
    const { container } = show('```sh\npnpm install && pnpm start\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(container.querySelector('pre')!.getAttribute('tabindex')).toBe('0');
    expect(container.querySelector('table')!.getAttribute('tabindex')).toBe('0');
    expect(container.querySelector('p, li, code:not(pre code)')?.getAttribute('tabindex') ?? null).toBeNull();
  });
});
