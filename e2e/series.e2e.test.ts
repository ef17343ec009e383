import { describe, expect, it } from 'vitest';
import jsonld from 'jsonld';
import { Api, demoId } from './api';
import { consoleErrors, useBrowser } from './fixtures';

const PLACE = demoId('place:le-pince-oreille');
const SCHEMA = 'https://schema.org/';
/** schema.org's context as its vocabulary (tests never reach the internet; see server-rendering.e2e.test.ts). */
const documentLoader = async (url: string) => {
  if (url.replace(/\/$/, '') !== 'https://schema.org') throw new Error(`Contexte inattendu : ${url}`);
  return { document: { '@context': { '@vocab': SCHEMA, byDay: { '@type': '@id' }, eventStatus: { '@type': '@id' }, url: { '@type': '@id' } } }, documentUrl: url };
};

// Issue 35: the demo's weekly quiz night, as a visitor, a search engine and a calendar app see it.
describe('a weekly series: « Quiz du mardi » at Le Pince Oreille', () => {
  const { baseUrl, context } = useBrowser();

  it('has an event page saying « Tous les mardis à 20 h 30 » with its next dates, and a JSON-LD Event with its Schedule in the first response', async () => {
    const api = Api.anonymous(baseUrl);
    const { items } = await api.get<{ items: Array<{ _id: string; title: string; seriesId?: string }> }>(`/api/events?placeId=${PLACE}&limit=20`);
    const dates = items.filter((event) => event.title === 'Quiz du mardi');
    expect(dates.length).toBeGreaterThanOrEqual(4);
    const first = dates[0]!;
    const response = await fetch(`${baseUrl}/events/${first._id}`, { headers: { accept: 'text/html' } });
    const html = await response.text();
    expect(html).toContain('Tous les mardis à 20 h 30');
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
    const event = blocks.find((block) => block['@type'] === 'Event');
    expect(event).toMatchObject({ name: 'Quiz du mardi', eventSchedule: { '@type': 'Schedule', repeatFrequency: 'P1W', byDay: ['https://schema.org/Tuesday'], startTime: '20:30', scheduleTimezone: 'Europe/Paris' } });
    // As a JSON-LD processor reads it: a schema.org Event whose eventSchedule is a schema.org Schedule on Tuesdays.
    const [expanded] = await jsonld.expand(event!, { documentLoader: documentLoader as never });
    expect(expanded!['@type']).toEqual([`${SCHEMA}Event`]);
    const [schedule] = expanded![`${SCHEMA}eventSchedule`] as Array<Record<string, unknown>>;
    expect(schedule!['@type']).toEqual([`${SCHEMA}Schedule`]);
    expect(schedule![`${SCHEMA}byDay`]).toEqual([{ '@id': `${SCHEMA}Tuesday` }]);
    expect(schedule![`${SCHEMA}startDate`]).toBeTruthy();

    const page = await (await context()).newPage();
    const errors = consoleErrors(page);
    await page.goto(`/events/${first._id}`);
    const series = page.getByRole('region', { name: 'Tous les mardis à 20 h 30' });
    await series.getByRole('link').first().click();
    await page.waitForURL(`**/events/${dates[1]!._id}`);
    await page.getByRole('heading', { level: 1, name: 'Quiz du mardi' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('is one VEVENT with its RRULE and its break as EXDATE in the place’s calendar', async () => {
    // Unfolded as RFC 5545 says (the ical.js reading of a series is the server's calendar test).
    const text = (await (await fetch(`${baseUrl}/calendar/places/${PLACE}.ics`)).text()).replace(/\r\n[ \t]/g, '');
    const quiz = text.split('BEGIN:VEVENT').filter((vevent) => vevent.includes('SUMMARY:Quiz du mardi'));
    expect(quiz).toHaveLength(1);
    expect(quiz[0]).toContain('RRULE:FREQ=WEEKLY;BYDAY=TU\r\n');
    expect(quiz[0]!.match(/^EXDATE;TZID=Europe\/Paris:\d{8}T203000/gm)?.length).toBeGreaterThanOrEqual(2);
  });
});
