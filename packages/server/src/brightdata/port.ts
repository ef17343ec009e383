/*
 * What Sortie asks of Bright Data, as a port: unlocker.ts implements it over the Web Unlocker
 * API (POST https://api.brightdata.com/request), fake-brightdata.ts is a local server shaped
 * like it for the tests.
 */

export interface UnlockedPage {
  /** The status of the page read (Bright Data passes the target's status in x-brd-status-code when it has it). */
  status: number;
  text: string;
  url: string;
}

export interface BrightDataPort {
  /** The page at `url`, read through the zone; throws BrightDataError when Bright Data or the page refuses. */
  fetch(url: string, options?: { maxBytes?: number; timeoutMs?: number }): Promise<UnlockedPage>;
  /** The account's active zones: a cheap authenticated call for the diagnostics. */
  zones(): Promise<string[]>;
}

export class BrightDataError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'BrightDataError';
  }
}
