import type { NavigatorPort } from '@sortie/core';

/** `sortie-cli/<version> (node <v>; <platform>)`: how the CLI introduces itself to the API. */
export function nodeUserAgent(version: string): string {
  return `sortie-cli/${version} (node ${process.version}; ${process.platform})`;
}

/**
 * NavigatorPort for a terminal: there is no page to leave, so a redirect or an in-app move
 * is recorded for the CLI to print ("→ https://…").
 */
export class NodeNavigatorAdapter implements NavigatorPort {
  readonly redirects: string[] = [];
  readonly navigations: Array<{ path: string; replace: boolean }> = [];
  #url: URL;

  constructor(
    private readonly agent: string,
    baseUrl: string,
  ) {
    this.#url = new URL(`${baseUrl.replace(/\/+$/, '')}/`);
  }

  userAgent(): string {
    return this.agent;
  }

  currentUrl(): URL {
    return new URL(this.#url);
  }

  redirect(url: string): void {
    this.redirects.push(url);
  }

  navigate(path: string, options: { replace?: boolean } = {}): void {
    this.#url = new URL(path, this.#url);
    this.navigations.push({ path, replace: options.replace ?? false });
  }

  /** Where the last redirect or move pointed, or null. */
  get lastTarget(): string | null {
    return this.redirects.at(-1) ?? this.navigations.at(-1)?.path ?? null;
  }
}
