import 'reflect-metadata';
import type { Container } from 'inversify';
import { createContainer, useCasesModuleWith, type RuntimeConfig } from '@sortie/core';
import type { EagerServices } from './eager';
import { browserModule, type BrowserModuleOptions } from './browser/browser.module';
import { firebaseModule } from './firebase/firebase.module';
import { httpModule } from './http/http.module';
import { localIdentityModule } from './local/local-identity.module';
import { musicbrainzModule } from './musicbrainz/musicbrainz.module';
import { runtimeConfigModule } from './runtime-config.module';
import { socketModule } from './socket/socket.module';
import { spotifyModule } from './spotify/spotify.module';

// The web app's entry into the adapters. Nothing under node/ may be imported from here (the
// web app bundles this graph), and Firebase is only reached through dynamic import().
export { browserModule, type BrowserModuleOptions } from './browser/browser.module';
export { BrowserNavigatorAdapter, type InAppRouter } from './browser/browser-navigator.adapter';
export { LocalStorageTokenStore } from './browser/local-storage-token-store.adapter';
export { DocumentCookieAdapter } from './browser/document-cookie.adapter';
export { SystemClock } from './browser/system-clock.adapter';
export { ConsoleLogger } from './browser/console-logger.adapter';
export { httpModule } from './http/http.module';
export { socketModule } from './socket/socket.module';
export { firebaseModule } from './firebase/firebase.module';
export { localIdentityModule } from './local/local-identity.module';
export { spotifyModule } from './spotify/spotify.module';
export { musicbrainzModule } from './musicbrainz/musicbrainz.module';
export { runtimeConfigModule } from './runtime-config.module';
export * from './index';

export type BrowserContainerConfig = RuntimeConfig & {
  /** The API's origin; '' (the default) is the page's own origin, as served by our server. */
  apiBaseUrl?: string;
  /** The services the app made before its container: the container shares them rather than making its own. */
  eager?: EagerServices;
} & BrowserModuleOptions;

/**
 * The web app's container: browser ports, the product API, the socket, Firebase or our own
 * identity provider as the runtime config says, Spotify, MusicBrainz and the use cases.
 */
export function createBrowserContainer(config: BrowserContainerConfig): Container {
  const apiBaseUrl = (config.apiBaseUrl ?? '').replace(/\/+$/, '');
  const identity =
    config.identityProvider === 'firebase'
      ? firebaseModule({ firebase: config.firebase, pushPublicKey: config.pushPublicKey })
      : localIdentityModule();
  const origin = typeof location === 'undefined' ? 'http://localhost:3000' : location.origin;
  const { eager } = config;
  return createContainer(
    browserModule({ ...(config.router ? { router: config.router } : {}), ...(config.debug ? { debug: true } : {}), ...(eager ? { clock: eager.clock } : {}) }),
    httpModule({ apiBaseUrl, ...(eager ? { existing: eager } : {}) }),
    socketModule(apiBaseUrl ? { url: apiBaseUrl } : {}),
    identity,
    spotifyModule({ clientId: config.spotify?.clientId ?? '', redirectUri: config.spotify?.redirectUri ?? `${origin}/spotify` }),
    musicbrainzModule({ analysisBaseUrl: config.audioAnalysisBaseUrl, version: config.version }),
    runtimeConfigModule(config),
    useCasesModuleWith(eager ? { queries: eager.queries } : {}),
  );
}
