import { describe, expect, it } from 'vitest';
import { parseIcs, parseJsonLdPage, parseOpenAgenda, SourceFormatError } from './parse';

const NOW = Date.parse('2026-03-02T09:00:00Z');
const ics = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//FR', ...lines, 'END:VCALENDAR'].join('\r\n');

describe('parseIcs', () => {
  it('reads another zone from its VTIMEZONE, and a TZID without one, or a floating time, as Paris time', () => {
    const items = parseIcs(
      ics(
        'BEGIN:VTIMEZONE', 'TZID:America/New_York',
        'BEGIN:STANDARD', 'TZOFFSETFROM:-0400', 'TZOFFSETTO:-0500', 'DTSTART:19701101T020000', 'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU', 'END:STANDARD',
        'BEGIN:DAYLIGHT', 'TZOFFSETFROM:-0500', 'TZOFFSETTO:-0400', 'DTSTART:19700308T020000', 'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU', 'END:DAYLIGHT',
        'END:VTIMEZONE',
        'BEGIN:VEVENT', 'UID:ny', 'DTSTAMP:20260301T000000Z', 'DTSTART;TZID=America/New_York:20260305T190000', 'SUMMARY:Concert à New York', 'END:VEVENT',
        'BEGIN:VEVENT', 'UID:paris', 'DTSTAMP:20260301T000000Z', 'DTSTART;TZID=Europe/Paris:20260305T190000', 'SUMMARY:Sans VTIMEZONE', 'END:VEVENT',
        'BEGIN:VEVENT', 'UID:floating', 'DTSTAMP:20260301T000000Z', 'DTSTART:20260405T190000', 'SUMMARY:Heure flottante', 'END:VEVENT',
        'BEGIN:VEVENT', 'UID:utc', 'DTSTAMP:20260301T000000Z', 'DTSTART:20260305T190000Z', 'SUMMARY:En UTC', 'END:VEVENT',
      ),
      NOW,
    );
    const at = (uid: string) => items.find((i) => i.uid === uid)!.startsAt;
    expect(at('ny')).toBe('2026-03-06T00:00:00.000Z');
    expect(at('paris')).toBe('2026-03-05T18:00:00.000Z');
    expect(at('floating')).toBe('2026-04-05T17:00:00.000Z');
    expect(at('utc')).toBe('2026-03-05T19:00:00.000Z');
  });

  it('expands a recurrence from now on, with its exceptions moved and its excluded dates left out', () => {
    const items = parseIcs(
      ics(
        'BEGIN:VEVENT', 'UID:quiz', 'DTSTAMP:20260101T000000Z', 'DTSTART;TZID=Europe/Paris:20260105T200000', 'RRULE:FREQ=WEEKLY;UNTIL=20260331T000000Z', 'EXDATE;TZID=Europe/Paris:20260316T200000', 'SUMMARY:Quiz', 'END:VEVENT',
        'BEGIN:VEVENT', 'UID:quiz', 'DTSTAMP:20260101T000000Z', 'RECURRENCE-ID;TZID=Europe/Paris:20260309T200000', 'DTSTART;TZID=Europe/Paris:20260310T210000', 'SUMMARY:Quiz (décalé)', 'END:VEVENT',
      ),
      NOW,
    );
    // From 1 March (a day before now): 2, 9 (moved to the 10th), 23 and 30 March; the 16th is excluded.
    expect(items.map((i) => [i.title, i.startsAt])).toEqual([
      ['Quiz', '2026-03-02T19:00:00.000Z'],
      ['Quiz (décalé)', '2026-03-10T20:00:00.000Z'],
      ['Quiz', '2026-03-23T19:00:00.000Z'],
      ['Quiz', '2026-03-30T18:00:00.000Z'],
    ]);
    expect(new Set(items.map((i) => i.uid)).size).toBe(4);
  });

  it('says in French when a feed is not iCalendar', () => {
    expect(() => parseIcs('<html></html>', NOW)).toThrow(SourceFormatError);
    expect(() => parseIcs('<html></html>', NOW)).toThrow(/^Flux iCalendar illisible/);
    expect(() => parseOpenAgenda('{"agenda": {}}', NOW)).toThrow('Réponse OpenAgenda illisible : liste « events » absente.');
  });
});

describe('parseJsonLdPage', () => {
  it('finds events in a @graph, skips broken blocks and events without a start', () => {
    const html = `<script type="application/ld+json">{ broken</script>
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"Organization","name":"X"},{"@type":["TheaterEvent"],"name":"Phèdre","startDate":"2026-04-02T20:30:00+02:00","location":[{"@type":"Place","name":"TAP"}]},{"@type":"Event","name":"Sans date"}]}</script>`;
    expect(parseJsonLdPage(html, 'https://example.org/programme')).toMatchObject([{ title: 'Phèdre', startsAt: '2026-04-02T18:30:00.000Z', placeName: 'TAP' }]);
  });
});
