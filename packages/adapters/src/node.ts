import 'reflect-metadata';
import type { Container } from 'inversify';
import { createContainer, useCasesModule, type RuntimeConfig } from '@sortie/core';
import { TokenStoreCookieJar } from './http/cookie-jar';
import { httpModule } from './http/http.module';
import { localIdentityModule } from './local/local-identity.module';
import { musicbrainzModule } from './musicbrainz/musicbrainz.module';
import { spotifyModule } from './spotify/spotify.module';
import { runtimeConfigModule } from './runtime-config.module';
import { socketModule } from './socket/socket.module';
import { resolveConfigDir } from './node/config-dir';
import { FileTokenStore } from './node/file-token-store.adapter';
import { DEFAULT_API_URL } from './node/node-config';
import { nodeUserAgent } from './node/node-navigator.adapter';
import { nodeModule } from './node/node.module';

export { nodeModule, type NodeModuleConfig } from './node/node.module';
export { FileTokenStore } from './node/file-token-store.adapter';
export { loadNodeConfig, DEFAULT_API_URL, type NodeConfig, type NodeFlags } from './node/node-config';
export { resolveConfigDir } from './node/config-dir';
export { NodeNavigatorAdapter, nodeUserAgent } from './node/node-navigator.adapter';
export { StderrLogger } from './node/stderr-logger.adapter';
export { MemoryCookieAdapter } from './node/memory-cookie.adapter';
export { SystemClock } from './browser/system-clock.adapter';
export { TokenStoreCookieJar } from './http/cookie-jar';
export { httpModule } from './http/http.module';
export { socketModule } from './socket/socket.module';
export { localIdentityModule } from './local/local-identity.module';
export { spotifyModule } from './spotify/spotify.module';
export { musicbrainzModule } from './musicbrainz/musicbrainz.module';
export { runtimeConfigModule } from './runtime-config.module';
export * from './index';

export interface NodeContainerConfig {
  /** The product API's origin (default http://localhost:3000). */
  apiUrl?: string;
  /** The session file's folder (default: resolveConfigDir()). */
  configDir?: string;
  userAgent?: string;
  version?: string;
  quiet?: boolean;
  verbose?: boolean;
  /** The server's runtime config (OPERATION_ROUTES.config), when the program has read it. */
  runtimeConfig?: RuntimeConfig;
  /** An API key (SORTIE_API_KEY): sent as `Authorization: Bearer` instead of the session file's cookie. */
  apiKey?: string;
}

/**
 * The CLI's container: node ports, the product API with a cookie jar kept in the 0600
 * session file, the socket (sending the same cookie), our own identity provider, the music
 * ports (Spotify, MusicBrainz) and the use cases.
 */
export function createNodeContainer(config: NodeContainerConfig = {}): Container {
  const apiUrl = (config.apiUrl ?? DEFAULT_API_URL).replace(/\/+$/, '');
  const tokenStore = new FileTokenStore(config.configDir ?? resolveConfigDir());
  const cookieJar = new TokenStoreCookieJar(tokenStore);
  const userAgent = config.userAgent ?? nodeUserAgent(config.version ?? '0.0.0');
  // With a key, no cookie is sent nor kept: the key alone says who calls, on HTTP and on the socket.
  const apiKey = config.apiKey?.trim() || null;
  const credentials = (): Record<string, string> => {
    if (apiKey) return { authorization: `Bearer ${apiKey}` };
    const cookie = cookieJar.header();
    return cookie ? { cookie } : {};
  };
  return createContainer(
    nodeModule({ apiUrl, configDir: config.configDir ?? resolveConfigDir(), tokenStore, userAgent, quiet: config.quiet ?? false, verbose: config.verbose ?? false }),
    httpModule({ apiBaseUrl: apiUrl, ...(apiKey ? {} : { cookieJar }), headers: () => ({ 'user-agent': userAgent, ...(apiKey ? credentials() : {}) }) }),
    socketModule({ url: apiUrl, authHeaders: () => ({ 'user-agent': userAgent, ...credentials() }) }),
    localIdentityModule(),
    // The music ports too, so that every use case resolves (the CLI may analyse a track).
    spotifyModule({ clientId: config.runtimeConfig?.spotify?.clientId ?? '', redirectUri: config.runtimeConfig?.spotify?.redirectUri ?? `${apiUrl}/spotify` }),
    musicbrainzModule({ analysisBaseUrl: config.runtimeConfig?.audioAnalysisBaseUrl ?? null, version: config.version ?? '0.0.0' }),
    ...(config.runtimeConfig ? [runtimeConfigModule(config.runtimeConfig)] : []),
    useCasesModule,
  );
}
