import { COLLECTOR_RUNS_KEPT, CollectorInputSchema, EventInputSchema, type CollectorInput, type CollectorRun, type ScrapeFinding } from '@sortie/core';
import type { AppContext } from '../http/context';
import type { Db } from '../db/database';
import { normalizeText, type Data } from '../db/entities';
import { newId } from '../db/store';
import { recordOf } from '../db/rows';
import { parseIcs, parseJsonLdPage, parseOpenAgenda, SourceFormatError, type SourceItem } from './parse';
import { safeFetch, SafeFetchError } from './safe-fetch';
import { demoSourceOf } from './demo-sources';
import { BrightDataError } from '../brightdata/port';
import { brightDataFromConfig } from '../brightdata/unlocker';
import { fieldOf } from '../unknown-value';

export interface CollectorRunResult {
  found: number;
  created: number;
  updated: number;
  skipped: number;
}

/** A run that failed; its French reason is in the collector's history, and nothing it read was written. */
export class CollectorRunError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CollectorRunError';
  }
}

/** What the collectors need from the server: its database, its cache and who may be fetched. */
type CollectorContext = Pick<AppContext, 'db' | 'store' | 'config' | 'cache' | 'bus'>;

type CollectorData = CollectorInput;

/**
 * Fetches a collector's source, maps what it finds to events and writes them in one
 * transaction: an event already imported (same source uid), or the same place and start
 * under a close title, is updated instead of duplicated. The run is kept in the collector's
 * history (and, for a web page, as a scrape job with its findings), failed or not.
 */
export async function runCollector(ctx: CollectorContext, collectorId: string, now: number | Date = Date.now()): Promise<CollectorRunResult> {
  const at = typeof now === 'number' ? now : now.getTime();
  const stored = await ctx.store.getStored('collectors', collectorId);
  if (!stored) throw new CollectorRunError('Collecteur introuvable.');
  const startedAt = new Date(at).toISOString();
  // The run's clock is the caller's (a fake one in tests), moved on by the time the run takes.
  const began = Date.now();
  const finishedAt = () => new Date(at + (Date.now() - began)).toISOString();
  const parsed = CollectorInputSchema.safeParse(stored);
  if (!parsed.success) {
    const message = `Réglages du collecteur invalides : ${parsed.error.issues[0]?.message ?? 'illisibles'}`;
    await ctx.db.transaction((tx) => saveRun(ctx, tx, collectorId, failedRun(startedAt, finishedAt(), message)));
    throw new CollectorRunError(message);
  }
  const collector = parsed.data;
  let items: SourceItem[];
  try {
    const demo = ctx.config.production ? null : demoSourceOf(collector.source.url, at, ctx.config.publicUrl);
    const fetched = demo ?? (await fetchSource(ctx, collector));
    items = parseSource(collector, fetched.text, fetched.url, at);
  } catch (error) {
    const message = error instanceof SafeFetchError || error instanceof SourceFormatError || error instanceof BrightDataError ? error.message : `Erreur inattendue : ${fieldOf(error, 'message')}`;
    await recordFailure(ctx, collectorId, collector, failedRun(startedAt, finishedAt(), message));
    throw new CollectorRunError(message);
  }
  try {
    const result = await ctx.db.transaction(async (tx) => {
      const { counts, findings } = await importItems(ctx, tx, collectorId, collector, items);
      const run: CollectorRun = { startedAt, finishedAt: finishedAt(), outcome: 'succeeded', found: items.length, ...counts, error: null };
      await saveRun(ctx, tx, collectorId, run);
      if (collector.source.kind === 'web') await saveScrapeJob(ctx, tx, collectorId, collector, run, findings);
      return { found: items.length, ...counts };
    });
    if (result.created || result.updated) {
      ctx.cache.clear();
      ctx.bus?.publishSoon('cache');
    }
    return result;
  } catch (error) {
    const message = `Import annulé, rien n'a été écrit : ${fieldOf(error, 'message')}`;
    await recordFailure(ctx, collectorId, collector, failedRun(startedAt, finishedAt(), message));
    throw new CollectorRunError(message);
  }
}

/** The source read directly, or through Bright Data's Web Unlocker when the collector asks for it (its own error when not configured). */
async function fetchSource(ctx: CollectorContext, collector: CollectorData): Promise<{ text: string; url: string }> {
  if (collector.fetchProvider !== 'brightdata') return safeFetch(collector.source.url, { allowedHosts: ctx.config.collectorAllowedHosts });
  const unlocker = brightDataFromConfig(ctx.config);
  if (!unlocker) throw new BrightDataError('Ce collecteur lit au travers de Bright Data, qui n’est pas configuré sur ce serveur (BRIGHTDATA_API_TOKEN, BRIGHTDATA_ZONE).', null);
  return unlocker.fetch(collector.source.url);
}

function parseSource(collector: CollectorData, text: string, url: string, now: number): SourceItem[] {
  switch (collector.source.kind) {
    case 'ics':
      return parseIcs(text, now);
    case 'json':
      return parseOpenAgenda(text, now);
    case 'web':
      return parseJsonLdPage(text, url);
  }
}

/** Titles that name the same event: equal once normalised, one inside the other, or a few letters apart. */
export function closeTitles(a: string, b: string): boolean {
  const x = normalizeText(a).replace(/[^a-z0-9]+/g, ' ').trim();
  const y = normalizeText(b).replace(/[^a-z0-9]+/g, ' ').trim();
  if (!x || !y) return false;
  if (x === y || x.includes(y) || y.includes(x)) return true;
  return levenshtein(x, y) <= Math.max(2, Math.floor(Math.max(x.length, y.length) * 0.2));
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

interface Stored {
  id: string;
  data: Data;
}

async function importItems(ctx: CollectorContext, tx: Db, collectorId: string, collector: CollectorData, items: SourceItem[]) {
  const counts = { created: 0, updated: 0, skipped: 0 };
  const findings: ScrapeFinding[] = [];
  const places = await tx.query<{ id: string; name: string }>('SELECT id, name FROM places WHERE lower(city) = lower($1)', [collector.city]);
  const placeByName = new Map(places.map((p) => [normalizeText(p.name), p.id]));
  const imported = new Map<string, Stored>();
  for (const row of await tx.query<{ id: string; data: unknown }>(`SELECT id, data FROM events WHERE data->'source'->>'collectorId' = $1 FOR UPDATE`, [collectorId])) {
    const data = recordOf(row.data);
    const uid = fieldOf(data['source'], 'uid');
    if (typeof uid === 'string') imported.set(uid, { id: row.id, data });
  }
  const starts = [...new Set(items.map((i) => i.startsAt))];
  const sameStart = new Map<string, Stored[]>();
  if (starts.length) {
    const rows = await tx.query<{ id: string; data: unknown }>(
      `SELECT id, data FROM events WHERE lower(city) = lower($1) AND (data->>'startsAt')::timestamptz = ANY($2::timestamptz[]) FOR UPDATE`,
      [collector.city, starts],
    );
    for (const row of rows) {
      const data = recordOf(row.data);
      const key = new Date(String(data['startsAt'])).toISOString();
      sameStart.set(key, [...(sameStart.get(key) ?? []), { id: row.id, data }]);
    }
  }
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.uid)) {
      counts.skipped += 1;
      continue;
    }
    seen.add(item.uid);
    const placeId = (item.placeName && placeByName.get(normalizeText(item.placeName))) || collector.placeId;
    const existing =
      imported.get(item.uid) ??
      sameStart.get(item.startsAt)?.find((e) => (e.data['placeId'] ?? null) === (placeId ?? null) && closeTitles(String(e.data['title'] ?? ''), item.title));
    const words = new Set(item.categories.map((c) => normalizeText(c).trim()));
    const categoryIds = [...new Set(collector.categoryMap.filter((rule) => words.has(normalizeText(rule.keyword).trim())).map((rule) => rule.categoryId))];
    const fields: Data = {
      title: item.title.slice(0, 200),
      description: item.description.slice(0, 20_000),
      startsAt: item.startsAt,
      ...(item.endsAt && Date.parse(item.endsAt) >= Date.parse(item.startsAt) ? { endsAt: item.endsAt } : {}),
      ...(placeId ? { placeId } : {}),
      ...(collector.organizationId ? { organizationId: collector.organizationId } : {}),
      city: collector.city,
      ...(item.imageUrl ? { coverImage: item.imageUrl } : {}),
      ...(item.url ? { ticketUrl: item.url } : {}),
      source: { collectorId, kind: collector.source.kind, uid: item.uid, ...(item.url ? { url: item.url } : {}) },
    };
    const finding = { title: item.title.slice(0, 300), startsAt: item.startsAt, ...(item.url ? { url: item.url } : {}) };
    if (existing) {
      // The editor's status and categories stay: an event published after review stays published.
      const merged = { ...existing.data, ...fields, categoryIds: categoryIds.length ? categoryIds : (existing.data['categoryIds'] ?? []) };
      const valid = EventInputSchema.safeParse(merged);
      if (!valid.success || JSON.stringify(merged) === JSON.stringify(existing.data)) {
        counts.skipped += 1;
        findings.push({ ...finding, eventId: existing.id, outcome: 'skipped' });
        continue;
      }
      await ctx.store.replace('events', existing.id, merged, tx);
      imported.set(item.uid, { id: existing.id, data: merged });
      counts.updated += 1;
      findings.push({ ...finding, eventId: existing.id, outcome: 'updated' });
      continue;
    }
    const valid = EventInputSchema.safeParse({ ...fields, categoryIds, status: collector.autoPublish ? 'published' : 'draft' });
    if (!valid.success) {
      counts.skipped += 1;
      findings.push({ ...finding, outcome: 'skipped' });
      continue;
    }
    const id = newId();
    const data = { ...valid.data, likeCount: 0 };
    await ctx.store.insert('events', data, { db: tx, id });
    imported.set(item.uid, { id, data });
    counts.created += 1;
    findings.push({ ...finding, eventId: id, outcome: 'created' });
  }
  return { counts, findings };
}

async function saveRun(ctx: CollectorContext, tx: Db, collectorId: string, run: CollectorRun): Promise<void> {
  const current = await ctx.store.getStored('collectors', collectorId, { db: tx, forUpdate: true });
  if (!current) throw new Error('collecteur supprimé pendant la collecte');
  const previous: unknown[] = Array.isArray(current['runs']) ? current['runs'] : [];
  const runs = [run, ...previous].slice(0, COLLECTOR_RUNS_KEPT);
  const lastResult =
    run.outcome === 'succeeded' ? `${run.found} trouvé(s), ${run.created} créé(s), ${run.updated} mis à jour, ${run.skipped} ignoré(s)` : `Échec : ${run.error ?? ''}`;
  await ctx.store.replace('collectors', collectorId, { ...current, runs, lastRunAt: run.finishedAt, lastResult: lastResult.slice(0, 2000) }, tx);
}

async function saveScrapeJob(ctx: CollectorContext, tx: Db, collectorId: string, collector: CollectorData, run: CollectorRun, findings: ScrapeFinding[]): Promise<void> {
  await ctx.store.insert(
    'scrape',
    {
      collectorId,
      url: collector.source.url,
      status: run.outcome,
      startedAt: run.startedAt,
      finishedAt: run.finishedAt,
      itemsFound: run.found,
      findings: findings.slice(0, 500),
      errors: run.error ? [run.error] : [],
    },
    { db: tx, id: newId() },
  );
}

const failedRun = (startedAt: string, finishedAt: string, message: string): CollectorRun => ({
  startedAt, finishedAt, outcome: 'failed', found: 0, created: 0, updated: 0, skipped: 0, error: message.slice(0, 2000),
});

async function recordFailure(ctx: CollectorContext, collectorId: string, collector: CollectorData, run: CollectorRun): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await saveRun(ctx, tx, collectorId, run);
    if (collector.source.kind === 'web') await saveScrapeJob(ctx, tx, collectorId, collector, run, []);
  });
}
