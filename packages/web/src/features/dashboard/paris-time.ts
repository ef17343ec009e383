import { TIME_ZONE } from '@sortie/core';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An ISO instant as a `datetime-local` value in Paris time (« 2026-03-14T20:30 »); '' when unreadable. */
export function isoToParisLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const p = Object.fromEntries(parts.formatToParts(date).map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** Minutes Paris is ahead of UTC at an instant (60 in winter, 120 in summer). */
function parisOffsetMinutes(at: number): number {
  const local = isoToParisLocal(new Date(at).toISOString());
  return Math.round((Date.parse(`${local}:00Z`) - Math.floor(at / 60_000) * 60_000) / 60_000);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A `datetime-local` value read as Paris wall-clock time, as an ISO string with its offset
 * (« 2026-03-14T20:30:00+01:00 »), whatever the browser's own time zone; '' when empty or invalid.
 */
export function parisLocalToIso(local: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (!match) return '';
  const asUtc = Date.parse(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:00Z`);
  if (Number.isNaN(asUtc)) return '';
  // The offset at the guessed instant, checked once more around a change of time.
  let offset = parisOffsetMinutes(asUtc - 60 * 60_000);
  offset = parisOffsetMinutes(asUtc - offset * 60_000);
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
