import { parseJsonLdPage } from '../collectors/parse';
import { demoPage, demoSourcesBase } from '../collectors/demo-sources';
import type { DemoRecord } from './demo-record';
import { DEMO_IDS, demoId } from './ids';

/**
 * One collector of each kind, reading the sample sources the server serves itself in demo
 * mode, and the page collector's first run already done: its scrape job with what it found
 * and the events it imported. `origin` is this server's address (demoOrigin), so the sources'
 * links work whatever port it listens on.
 */
export function demoCollectors(now: number, origin: string): DemoRecord[] {
  const sources = demoSourcesBase(origin);
  const records: DemoRecord[] = [];
  const base = { city: 'Poitiers', schedule: '@daily', lastRunAt: null, lastResult: null, runs: [], categoryMap: [] };
  records.push({
    resource: 'collectors',
    id: demoId('collector:agenda-poitiers'),
    data: {
      ...base,
      name: 'Agenda du Confort Moderne (iCalendar)',
      source: { kind: 'ics', url: `${sources}/agenda.ics` },
      placeId: DEMO_IDS.places.confort,
      organizationId: DEMO_IDS.organizations.jazzAPoitiers,
      categoryMap: [{ keyword: 'concert', categoryId: demoId('category:concert') }, { keyword: 'jazz', categoryId: demoId('category:concert') }],
      autoPublish: true,
    },
  });
  records.push({
    resource: 'collectors',
    id: demoId('collector:openagenda'),
    data: {
      ...base,
      name: 'OpenAgenda de la Ville de Poitiers',
      source: { kind: 'json', url: `${sources}/openagenda.json` },
      organizationId: demoId('org:ville-de-poitiers'),
      categoryMap: [{ keyword: 'lecture', categoryId: demoId('category:conference') }, { keyword: 'théâtre', categoryId: demoId('category:theatre') }],
      autoPublish: false,
    },
  });
  const pageId = demoId('collector:page-pince-oreille');
  const pageUrl = `${sources}/page.html`;
  const startedAt = new Date(now - 3_600_000).toISOString();
  const finishedAt = new Date(now - 3_600_000 + 1_200).toISOString();
  const items = parseJsonLdPage(demoPage(now), pageUrl);
  const findings = items.map((item, i) => {
    const eventId = demoId(`event:scraped:${i}`);
    records.push({
      resource: 'events',
      id: eventId,
      data: {
        title: item.title, description: item.description, startsAt: item.startsAt, ...(item.endsAt ? { endsAt: item.endsAt } : {}),
        placeId: demoId('place:le-pince-oreille'), artistIds: [], categoryIds: [demoId('category:soiree')], city: 'Poitiers', price: { free: true },
        ...(item.url ? { ticketUrl: item.url } : {}), status: 'published', tags: [], likeCount: 0,
        source: { collectorId: pageId, kind: 'web', uid: item.uid, ...(item.url ? { url: item.url } : {}) },
      },
    });
    return { title: item.title, startsAt: item.startsAt, ...(item.url ? { url: item.url } : {}), eventId, outcome: 'created' };
  });
  const run = { startedAt, finishedAt, outcome: 'succeeded', found: items.length, created: items.length, updated: 0, skipped: 0, error: null };
  records.push({
    resource: 'collectors',
    id: pageId,
    data: {
      ...base,
      name: 'Programme du Pince Oreille (page web)',
      source: { kind: 'web', url: pageUrl },
      placeId: demoId('place:le-pince-oreille'),
      autoPublish: true,
      lastRunAt: finishedAt,
      lastResult: `${items.length} trouvé(s), ${items.length} créé(s), 0 mis à jour, 0 ignoré(s)`,
      runs: [run],
    },
  });
  records.push({
    resource: 'scrape',
    id: demoId('scrape:pince-oreille'),
    data: { collectorId: pageId, url: pageUrl, status: 'succeeded', startedAt, finishedAt, itemsFound: items.length, findings, errors: [] },
  });
  return records;
}
