import { describe, expect, it } from 'vitest';
import { headHtml } from './head-html';
import { readServerState, serializeState, SERVER_STATE_ID } from './server-state';

describe('the head of a server-rendered page', () => {
  it('writes the title, description, canonical address, Open Graph and Twitter cards, with absolute image addresses', () => {
    const html = headHtml({ title: 'Concert', description: 'mardi 24 novembre à 19:00 · Le Tap Garden', image: '/api/images/files/a-1280-x.jpg', type: 'event' }, 'https://sortie.fr/events/1', 'https://sortie.fr', 'Le site.');
    expect(html).toContain('<title>Concert · Sortie</title>');
    expect(html).toContain('<meta name="description" content="mardi 24 novembre à 19:00 · Le Tap Garden" />');
    expect(html).toContain('<link rel="canonical" href="https://sortie.fr/events/1" />');
    expect(html).toContain('<meta property="og:image" content="https://sortie.fr/api/images/files/a-1280-x.jpg" />');
    expect(html).toContain('<meta property="og:type" content="event" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it('escapes what a record’s text could carry, and no JSON-LD can close its script', () => {
    const html = headHtml({ title: '"><script>alert(1)</script>', jsonLd: [{ name: '</script><script>alert(2)</script>' }] }, 'https://sortie.fr/x', 'https://sortie.fr', 'Le site.');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
    const [, json] = /<script type="application\/ld\+json">(.*)<\/script>/.exec(html)!;
    expect(JSON.parse(json!)).toEqual({ name: '</script><script>alert(2)</script>' });
  });

  it('links the page’s alternates, such as its ActivityPub actor, at absolute addresses', () => {
    const html = headHtml({ title: 'Confort Moderne', alternates: [{ type: 'application/activity+json', href: '/ap/actors/abc' }] }, 'https://sortie.fr/places/abc', 'https://sortie.fr', 'Le site.');
    expect(html).toContain('<link rel="alternate" type="application/activity+json" href="https://sortie.fr/ap/actors/abc" />');
  });

  it('says noindex instead of a canonical address for pages not to index', () => {
    const html = headHtml({ title: 'Page introuvable', noindex: true }, 'https://sortie.fr/nope', 'https://sortie.fr', 'Sortie : que faire ce soir.');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    // A page that says no description of its own gets the site's.
    expect(html).toContain('<meta name="description" content="Sortie : que faire ce soir." />');
    expect(html).not.toContain('rel="canonical"');
  });
});

describe('the state a server-rendered page hands the browser', () => {
  it('survives a script element whatever the data holds, and reads back the same', () => {
    const state = { config: { defaultCity: 'Poitiers' }, queries: [{ key: ['events', 'one', '1'], data: { title: '</script><!-- \u2028' } }] };
    const serialized = serializeState(state);
    expect(serialized).not.toContain('<');
    expect(serialized).not.toContain('\u2028');
    document.body.innerHTML = `<script type="application/json" id="${SERVER_STATE_ID}">${serialized}</script>`;
    expect(readServerState(document)).toEqual(state);
    document.body.innerHTML = '';
    expect(readServerState(document)).toBeNull();
  });
});
