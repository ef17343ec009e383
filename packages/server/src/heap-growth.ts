import { setFlagsFromString } from 'node:v8';

/**
 * How far past what its last full collection kept V8 lets the old generation grow before the
 * next one: 100 % (twice the live heap) rather than V8's own sizing.
 *
 * V8 sizes it for 97 % of the time in JavaScript, which suits a script, not a server answering
 * a crowd: under 32 clients reading feeds (issue 34, PostgreSQL), it allowed the old generation
 * 26 % over its 104 MB live, less room than the young generation's, so it began marking again
 * as soon as it had finished. Full collections then came in clusters 0.7 s apart, each pausing
 * the server 4–16 ms (plus marking steps of up to 26 ms) with every request in flight waiting:
 * enough to make a p99. At 100 %, one came every 5 s or so, started by the Buffers outside the
 * heap. Measured with 8 servers started in turn, with and without it, two 5-second windows
 * each: the p99 of PostgreSQL's uncached feeds went from 27–42 ms (median 34) to 20–28 ms
 * (median 21), lower in 7 windows of 8, with 7 % more answers. With the embedded database, whose
 * own process is the bottleneck, it changed nothing measurable (lower in 7 windows of 14). The
 * heap's cost is memory, bounded by the usual old-space limit.
 *
 * Measured under the same crowd on the embedded database, and left as V8 has them. Each setting
 * ran in turn with V8's own, in 5-second windows:
 * - the young generation's size (`--max-semi-space-size`): 2, 4 and 8 MB (9 windows each) did
 *   no better than V8's own sizing, and 64 MB (6 windows) did worse;
 * - scavenges without helper threads (`--no-parallel-scavenge`, 21 windows): their pauses fell
 *   from p99 18–21 ms to 4 ms (on two busy cores, the main thread most likely waited for helpers
 *   that waited for a core). But the feed's p99 did not move beyond the machine's own drift.
 *   Set through setFlagsFromString in a running process, it changed nothing (the pauses stayed
 *   as long): a trial of it must start node with the flag.
 */
export const HEAP_GROWING_PERCENT = 100;

/** Applies HEAP_GROWING_PERCENT to this process; V8 reads it at each full collection, so it holds from the next. */
export function growHeapForRequests(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
