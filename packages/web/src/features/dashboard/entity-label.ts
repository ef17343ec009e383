/** The name staff recognise a record by: its title, name, short code or e-mail; '' when it has none (never its id). */
export function entityLabel(record: unknown): string {
  if (!record || typeof record !== 'object') return '';
  const r = record as Record<string, unknown>;
  for (const key of ['title', 'name', 'displayName', 'shortCode', 'email', 'question', 'prompt', 'subject', 'url']) {
    const value = r[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return '';
}
