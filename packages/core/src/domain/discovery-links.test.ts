import { describe, expect, it } from 'vitest';
import { discoveryLinks, discoveryLinksHtml } from './discovery-links';
import { embeddablePage, embedSize } from './oembed';

const ORIGIN = 'https://sortie.example';
const ID = '0123456789abcdef01234567';

describe('discovery links', () => {
  it('gives a city’s agenda its RSS and Atom feeds, titled in French', () => {
    expect(discoveryLinks('/home/Poitiers', ORIGIN)).toEqual([
      { type: 'application/rss+xml', title: 'Sortir à Poitiers — Sortie (RSS)', href: `${ORIGIN}/feeds/cities/Poitiers.rss` },
      { type: 'application/atom+xml', title: 'Sortir à Poitiers — Sortie (Atom)', href: `${ORIGIN}/feeds/cities/Poitiers.atom` },
    ]);
  });

  it('gives a place its feeds and its oEmbed link, an organisation and an artist their feeds, an event and a tournament their oEmbed link', () => {
    const types = (path: string) => discoveryLinks(path, ORIGIN, 'Confort Moderne').map((link) => link.type);
    expect(types(`/places/${ID}`)).toEqual(['application/rss+xml', 'application/atom+xml', 'application/json+oembed']);
    expect(types(`/organizations/${ID}`)).toEqual(['application/rss+xml', 'application/atom+xml']);
    expect(types('/artists/la-rue-ketanou')).toEqual(['application/rss+xml', 'application/atom+xml']);
    expect(types(`/events/${ID}`)).toEqual(['application/json+oembed']);
    expect(types(`/tournaments/${ID}`)).toEqual(['application/json+oembed']);
    expect(types('/blog')).toEqual([]);
    expect(types('/nowhere/at/all')).toEqual([]);
    const [rss, , oembed] = discoveryLinks(`/places/${ID}`, ORIGIN, 'Confort Moderne');
    expect(rss!.title).toBe('Confort Moderne — Sortie (RSS)');
    expect(oembed!.href).toBe(`${ORIGIN}/oembed?url=${encodeURIComponent(`${ORIGIN}/places/${ID}`)}&format=json`);
  });

  it('writes them as head links, escaped', () => {
    expect(discoveryLinksHtml(discoveryLinks(`/places/${ID}`, ORIGIN, 'Bar "Chez <Léo>"'))[0]).toBe(
      `<link rel="alternate" type="application/rss+xml" title="Bar &quot;Chez &lt;Léo&gt;&quot; — Sortie (RSS)" href="${ORIGIN}/feeds/places/${ID}.rss" />`,
    );
  });
});

describe('oEmbed', () => {
  it('embeds this site’s event, place and tournament pages only', () => {
    expect(embeddablePage(`${ORIGIN}/places/${ID}?x=1`, ORIGIN)).toEqual({ kind: 'place', id: ID });
    expect(embeddablePage(`${ORIGIN}/tournaments/${ID}`, ORIGIN)).toEqual({ kind: 'tournament', id: ID });
    expect(embeddablePage(`https://autre.example/places/${ID}`, ORIGIN)).toBeNull();
    expect(embeddablePage(`${ORIGIN}/organizations/${ID}`, ORIGIN)).toBeNull();
    expect(embeddablePage('pas une adresse', ORIGIN)).toBeNull();
  });

  it('sizes the iframe within the consumer’s bounds, never below 200 px', () => {
    expect(embedSize({})).toEqual({ width: 480, height: 600 });
    expect(embedSize({ maxwidth: 320, maxheight: 10 })).toEqual({ width: 320, height: 200 });
  });
});
