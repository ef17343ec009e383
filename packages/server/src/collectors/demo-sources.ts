import type { FastifyInstance } from 'fastify';
import { addDays, parisDay, TIME_ZONE } from '@sortie/core';
import { PARIS_VTIMEZONE } from '../calendar/paris-zone';

/**
 * Sample sources the server serves itself in demo mode (and the tests read): an iCalendar feed
 * with a weekly recurring event, an all-day event, a time zone and escaped text; an
 * OpenAgenda-shaped answer; a page carrying schema.org Event JSON-LD. Dates follow `now`, so
 * that a run always finds events to come.
 */
/**
 * Where the demo collectors read: the server itself, at its own address (the configured public
 * URL, else localhost on its port), so that the demo's links open in a browser whatever the port.
 * They are answered in-process outside production (see demoSourceOf).
 */
export function demoSourcesBase(origin: string): string {
  return `${origin.replace(/\/+$/, '')}/demo-sources`;
}

/** The origin the demo data names for this server: SORTIE_PUBLIC_URL when set, else localhost on its port. */
export function demoOrigin(config: { publicUrl: string | null; port: number }): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}

const DEMO_FILES: Record<string, { type: string; body: (now: number) => string }> = {
  'agenda.ics': { type: 'text/calendar; charset=utf-8', body: (now) => demoIcs(now) },
  'openagenda.json': { type: 'application/json; charset=utf-8', body: (now) => demoOpenAgenda(now) },
  'page.html': { type: 'text/html; charset=utf-8', body: (now) => demoPage(now) },
};

/**
 * A sample source named by a URL of the server itself (localhost or 127.0.0.1, any port, or the
 * configured public origin, then /demo-sources/…), read without a request: the demo works
 * whatever port the server has (or had when the demo was loaded), and opening loopback to the
 * collectors' fetch is never needed for it.
 */
export function demoSourceOf(url: string, now: number, publicUrl: string | null = null): { url: string; contentType: string; text: string } | null {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return null;
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(target.hostname) && target.protocol === 'http:';
  if (!loopback && target.origin !== publicUrl) return null;
  const match = /^\/demo-sources\/([a-z.]+)$/.exec(target.pathname);
  const file = match ? DEMO_FILES[match[1]!] : undefined;
  return file ? { url: target.toString(), contentType: file.type, text: file.body(now) } : null;
}

const compact = (day: string) => day.replaceAll('-', '');

export function demoIcs(now: number): string {
  const today = parisDay(now);
  const monday = addDays(today, -((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7));
  const fair = addDays(today, 12);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Sortie//Démo collecteur//FR',
    'X-WR-CALNAME:Agenda du Confort Moderne',
    ...PARIS_VTIMEZONE.split('\r\n'),
    'BEGIN:VEVENT',
    'UID:jam-du-mardi@demo.sortie',
    `DTSTAMP:${compact(today)}T080000Z`,
    `DTSTART;TZID=${TIME_ZONE}:${compact(addDays(monday, 1))}T203000`,
    `DTEND;TZID=${TIME_ZONE}:${compact(addDays(monday, 1))}T230000`,
    'RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=12',
    'SUMMARY:Jam session du mardi',
    'DESCRIPTION:Scène ouverte\\, apportez vos instruments !\\nBatterie et amplis sur place\\; entrée libre.',
    'LOCATION:Confort Moderne',
    'CATEGORIES:Concert,Jazz',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:foire-aux-disques@demo.sortie',
    `DTSTAMP:${compact(today)}T080000Z`,
    `DTSTART;VALUE=DATE:${compact(fair)}`,
    `DTEND;VALUE=DATE:${compact(addDays(fair, 1))}`,
    'SUMMARY:Foire aux disques',
    'DESCRIPTION:Vinyles\\, CD et cassettes : une journée entière de chine.',
    'LOCATION:Confort Moderne',
    'CATEGORIES:Marché',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.join('\r\n') + '\r\n';
}

export function demoOpenAgenda(now: number): string {
  const day = addDays(parisDay(now), 5);
  const later = addDays(parisDay(now), 19);
  return JSON.stringify({
    total: 2,
    events: [
      {
        uid: 48213001,
        slug: 'lecture-au-jardin',
        title: { fr: 'Lecture au jardin', en: 'Reading in the garden' },
        description: { fr: 'Des textes lus à voix haute sous les arbres.' },
        longDescription: { fr: 'Des textes lus à voix haute sous les arbres, par la troupe du TAP.' },
        keywords: { fr: ['lecture', 'théâtre'] },
        location: { name: 'TAP – Théâtre Auditorium', address: '6 rue de la Marne, 86000 Poitiers', city: 'Poitiers', timezone: TIME_ZONE },
        timings: [{ begin: `${day}T18:00:00+02:00`, end: `${day}T19:30:00+02:00` }],
        canonicalUrl: 'https://openagenda.com/fr/agenda-demo/events/lecture-au-jardin',
      },
      {
        uid: 48213002,
        slug: 'atelier-sérigraphie',
        title: { fr: 'Atelier sérigraphie' },
        description: { fr: 'Imprimez votre affiche.' },
        keywords: { fr: ['atelier'] },
        location: { name: 'Lieu inconnu de Sortie', city: 'Poitiers' },
        timings: [{ begin: `${later}T14:00:00+01:00`, end: `${later}T17:00:00+01:00` }],
      },
    ],
  });
}

export function demoPage(now: number): string {
  const day = addDays(parisDay(now), 9);
  const events = [
    {
      '@context': 'https://schema.org',
      '@type': 'MusicEvent',
      '@id': 'https://www.example.org/programme#nuit-electro',
      name: 'Nuit électro au Pince Oreille',
      description: 'DJ sets jusqu’à 2 h.',
      startDate: `${day}T22:00:00+01:00`,
      endDate: `${addDays(day, 1)}T02:00:00+01:00`,
      location: { '@type': 'Place', name: 'Le Pince Oreille', address: '11 rue de la Cathédrale, Poitiers' },
      url: 'https://www.example.org/programme/nuit-electro',
    },
    {
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Quiz du jeudi',
      startDate: `${addDays(day, 2)}T20:00:00+01:00`,
      location: { '@type': 'Place', name: 'Le Pince Oreille' },
    },
  ];
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Programme</title>
<script type="application/ld+json">${JSON.stringify(events)}</script></head>
<body><h1>Programme du Pince Oreille</h1></body></html>`;
}

/** Serves the sample sources under /demo-sources/ (registered in demo mode only). */
export async function demoSourceRoutes(app: FastifyInstance, options: { now?: () => number } = {}): Promise<void> {
  const now = options.now ?? Date.now;
  app.get<{ Params: { file: string } }>('/demo-sources/:file', async (request, reply) => {
    const { file } = request.params;
    const source = Object.hasOwn(DEMO_FILES, file) ? DEMO_FILES[file]! : null;
    if (!source) return reply.status(404).type('text/plain; charset=utf-8').send('Source de démonstration introuvable.');
    return reply.type(source.type).send(source.body(now()));
  });
}
