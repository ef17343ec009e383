import { config } from 'zod/v4/core';

/*
 * zod compiles object parsers with `new Function` when the page allows it, and finds out by
 * trying once: under our Content-Security-Policy (no 'unsafe-eval', server/src/web/delivery.ts)
 * that try is refused and reported as a violation in the console, on every page that parses.
 * Parsing without the compiler is what runs under the CSP anyway; saying so up front spares the
 * violation. Imported first by what parses in the browser: the services chunk (the container
 * and the use cases) and the few pages that parse without it (a raffle's proof) — not by the
 * entry, which would carry zod's core to every visitor (3.6 KB gzip).
 */
config({ jitless: true });
