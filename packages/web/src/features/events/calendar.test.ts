import { describe, expect, it } from 'vitest';
import { buildIcs, escapeIcsText, foldIcsLine, icsFileName } from './calendar';

const NOW = new Date('2026-03-01T10:00:00.000Z');

describe('the .ics of an event', () => {
  it('escapes backslashes, semicolons, commas and newlines (RFC 5545 §3.3.11)', () => {
    expect(escapeIcsText('Rock, pop; jazz\\blues\nsuite')).toBe('Rock\\, pop\\; jazz\\\\blues\\nsuite');
  });

  it('writes one VEVENT with UTC dates, CRLF line ends and a two-hour default length', () => {
    const ics = buildIcs({ uid: 'abc', title: 'Concert, live', startsAt: '2026-03-14T19:30:00.000Z', location: 'Confort Moderne, Poitiers', url: 'https://sortie.example/events/abc' }, NOW);
    const lines = ics.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('UID:abc@sortie');
    expect(lines).toContain('DTSTAMP:20260301T100000Z');
    expect(lines).toContain('DTSTART:20260314T193000Z');
    expect(lines).toContain('DTEND:20260314T213000Z');
    expect(lines).toContain('SUMMARY:Concert\\, live');
    expect(lines).toContain('LOCATION:Confort Moderne\\, Poitiers');
    expect(lines).toContain('URL:https://sortie.example/events/abc');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/\n/);
  });

  it('keeps the given end', () => {
    const ics = buildIcs({ uid: 'x', title: 'Expo', startsAt: '2026-03-14T09:00:00.000Z', endsAt: '2026-03-20T17:00:00.000Z' }, NOW);
    expect(ics).toContain('DTEND:20260320T170000Z');
    expect(ics).not.toContain('LOCATION');
  });

  it('folds lines over 75 octets without cutting a character', () => {
    const line = 'DESCRIPTION:' + 'é'.repeat(80);
    const folded = foldIcsLine(line);
    const parts = folded.split('\r\n ');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.join('')).toBe(line);
  });

  it('names the file after the title', () => {
    expect(icsFileName('Théâtre : « Les Fourberies »')).toBe('theatre-les-fourberies.ics');
    expect(icsFileName('!!!')).toBe('evenement.ics');
  });
});
