import ICAL from 'ical.js';
import { TIME_ZONE, parisOffsetMinutes } from '@sortie/core/domain';

export const PARIS_TZID = TIME_ZONE;

/**
 * Europe/Paris as a VTIMEZONE (RFC 5545 §3.6.5): every TZID a calendar names must be defined in
 * it. The EU rule since 1996: summer time from the last Sunday of March, 02:00, to the last
 * Sunday of October, 03:00.
 */
export const PARIS_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${PARIS_TZID}`,
  `X-LIC-LOCATION:${PARIS_TZID}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

export const parisVtimezone = () => new ICAL.Component(ICAL.parse(PARIS_VTIMEZONE));

/** An instant as Paris wall-clock time, for a DATE-TIME with TZID=Europe/Paris. */
export function parisTime(iso: string): ICAL.Time {
  const at = Date.parse(iso);
  const local = new Date(at + parisOffsetMinutes(at) * 60_000);
  return ICAL.Time.fromData({
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    isDate: false,
  });
}

/** An instant in UTC (DTSTAMP, LAST-MODIFIED: RFC 5545 wants them in UTC). */
export const utcTime = (iso: string) => ICAL.Time.fromJSDate(new Date(iso), true);
