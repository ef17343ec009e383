/*
 * zod compiles object parsers with `new Function` when the page allows it, and finds out by
 * trying once: under our Content-Security-Policy (no 'unsafe-eval', server/src/web/delivery.ts)
 * that try is refused and reported as a violation in the console. Parsing without the compiler
 * is what runs under the CSP anyway: saying so up front spares the violation. zod 4 keeps its
 * configuration on globalThis (zod/v4/core/core.js), so the entry sets it there first, before
 * any chunk defines a schema, without importing zod (3.6 KB gzip every visitor would download).
 */
// The same object zod reads (zod takes it if it is there, and made it if zod loaded first).
const global = globalThis as { __zod_globalConfig?: Record<string, unknown> };
Object.assign((global.__zod_globalConfig ??= {}), { jitless: true });

export {};
