/** What an .ics file says of an event. */
export interface CalendarEntry {
  uid: string;
  title: string;
  description?: string;
  startsAt: string;
  /** Two hours after the start when unknown: a calendar needs an end. */
  endsAt?: string;
  location?: string;
  url?: string;
}

/** RFC 5545 §3.3.11: backslash, semicolon, comma and newlines are escaped in TEXT values. */
export function escapeIcsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** « 20260314T193000Z » */
const icsDate = (iso: string) => new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** RFC 5545 §3.1: lines longer than 75 octets are folded with CRLF and one space. */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  const chunks: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const limit = chunks.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      chunks.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  chunks.push(current);
  return chunks.join('\r\n ');
}

/** A VCALENDAR with one VEVENT, CRLF line ends, for « Ajouter à mon agenda ». */
export function buildIcs(entry: CalendarEntry, now: Date): string {
  const end = entry.endsAt ?? new Date(Date.parse(entry.startsAt) + 2 * 3600_000).toISOString();
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Sortie//Agenda//FR',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${entry.uid}@sortie`,
    `DTSTAMP:${icsDate(now.toISOString())}`,
    `DTSTART:${icsDate(entry.startsAt)}`,
    `DTEND:${icsDate(end)}`,
    `SUMMARY:${escapeIcsText(entry.title)}`,
    ...(entry.description ? [`DESCRIPTION:${escapeIcsText(entry.description)}`] : []),
    ...(entry.location ? [`LOCATION:${escapeIcsText(entry.location)}`] : []),
    ...(entry.url ? [`URL:${entry.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join('\r\n') + '\r\n';
}

/** A file name a visitor recognises: « concert-au-confort-moderne.ics ». */
export function icsFileName(title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `${slug || 'evenement'}.ics`;
}

/** Hands the file to the browser as a download. */
export function downloadIcs(content: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
