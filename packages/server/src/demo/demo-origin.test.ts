import { describe, expect, it } from 'vitest';
import { demoOrigin, demoSourceOf } from '../collectors/demo-sources';
import { demoRecords } from './data';

const now = Date.parse('2026-11-26T12:00:00Z');
const sourceUrls = (origin?: string) =>
  demoRecords(now, origin)
    .filter((record) => record.resource === 'collectors')
    .map((record) => (record.data as { source: { url: string } }).source.url);

describe('the demo’s own addresses', () => {
  it('follow the port the server listens on, or SORTIE_PUBLIC_URL', () => {
    expect(demoOrigin({ publicUrl: null, port: 3210 })).toBe('http://localhost:3210');
    expect(demoOrigin({ publicUrl: 'https://sortie.example', port: 3210 })).toBe('https://sortie.example');
    const urls = sourceUrls('http://localhost:3210');
    expect(urls).toHaveLength(3);
    for (const url of urls) expect(url).toMatch(/^http:\/\/localhost:3210\/demo-sources\/[a-z.]+$/);
  });

  it('are answered in-process, on loopback at any port and at the configured public origin only', () => {
    const [ics] = sourceUrls('https://sortie.example');
    expect(demoSourceOf(ics!, now, 'https://sortie.example')?.text).toContain('BEGIN:VCALENDAR');
    expect(demoSourceOf(ics!, now, null)).toBeNull();
    expect(demoSourceOf('http://127.0.0.1:4000/demo-sources/agenda.ics', now)?.contentType).toContain('text/calendar');
    expect(demoSourceOf('https://ailleurs.example/demo-sources/agenda.ics', now, 'https://sortie.example')).toBeNull();
  });
});
