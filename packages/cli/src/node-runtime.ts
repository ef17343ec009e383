import { createNodeContainer } from '@sortie/adapters/node';
import { HttpUrlSchema, LoggerPort, NavigatorPort, TokenStorePort, TournamentSocketPort } from '@sortie/core';
import { parseArgument } from './actions/errors';
import type { Output } from './output';
import type { GlobalOptions, Runtime } from './context';

declare const SORTIE_VERSION: string | undefined;

/** How sortie introduces itself to the API: recorded with each link visit and share view. */
export const cliUserAgent = () =>
  `sortie-cli/${typeof SORTIE_VERSION === 'string' ? SORTIE_VERSION : '0.0.0'} (node ${process.version}; ${process.platform})`;

/** The logger of a command: what the adapters log is printed only under --verbose. */
export class CliLogger implements LoggerPort {
  constructor(private readonly out: Output) {}

  debug(message: string, ...context: unknown[]): void {
    this.#print('debug', message, context);
  }

  info(message: string, ...context: unknown[]): void {
    this.#print('info', message, context);
  }

  warn(message: string, ...context: unknown[]): void {
    this.#print('warn', message, context);
  }

  error(message: string, ...context: unknown[]): void {
    this.#print('error', message, context);
  }

  #print(level: string, message: string, context: unknown[]): void {
    if (!this.out.verbose) return;
    const details = context.map((item) => (item instanceof Error ? `${item.name}: ${item.message}` : typeof item === 'object' ? safeJson(item) : String(item)));
    this.out.debug(`[${level}] ${message}${details.length ? ` — ${details.join(' ; ')}` : ''}`);
  }
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value, (_key, item: unknown) => (item instanceof Error ? `${item.name}: ${item.message}` : item));
  } catch {
    return String(value);
  }
}

/**
 * The node navigator, plus an address the CLI can set: `shares view` plays a visit of
 * /?nshid={id}, which is what RecordShareView reads.
 */
export class CliNavigator implements NavigatorPort {
  #url: URL;

  constructor(
    private readonly inner: NavigatorPort,
    apiUrl: string,
  ) {
    this.#url = new URL(`${apiUrl}/`);
  }

  setUrl(url: string): void {
    this.#url = new URL(url, this.#url);
  }

  userAgent(): string {
    return this.inner.userAgent();
  }

  currentUrl(): URL {
    return new URL(this.#url);
  }

  redirect(url: string): void {
    this.inner.redirect(url);
  }

  navigate(path: string, options?: { replace?: boolean }): void {
    this.#url = new URL(path, this.#url);
    this.inner.navigate(path, options);
  }
}

/** The container of a real command: node adapters, our logger and navigator over them. */
export async function openNodeRuntime(options: GlobalOptions & { apiUrl: string; apiKey?: string }, out: Output): Promise<Runtime> {
  const apiUrl = parseArgument(HttpUrlSchema, options.apiUrl, 'l’adresse de l’API (--api ou SORTIE_API_URL)').replace(/\/+$/, '');
  // SORTIE_API_KEY: a script's key, sent as a bearer instead of the session kept by `sortie login`.
  const container = createNodeContainer({ apiUrl, userAgent: cliUserAgent(), ...(options.apiKey ? { apiKey: options.apiKey } : {}) });
  const logger = new CliLogger(out);
  container.rebind(LoggerPort).toConstantValue(logger);
  const navigator = new CliNavigator(container.get(NavigatorPort), apiUrl);
  container.rebind(NavigatorPort).toConstantValue(navigator);
  return {
    container,
    apiUrl,
    forgetSession: () => {
      const tokens = container.get(TokenStorePort) as TokenStorePort & { clear?(): void };
      if (tokens.clear) tokens.clear();
      else tokens.remove('cookies');
    },
    close: () => {
      // The socket is created on first use only; disconnecting an unused one is a no-op.
      if (container.isBound(TournamentSocketPort)) container.get(TournamentSocketPort).disconnect();
    },
  };
}
