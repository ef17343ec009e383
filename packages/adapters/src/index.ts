// Shared types only: programs import a composition from '@sortie/adapters/browser' or
// '@sortie/adapters/node', so that neither graph pulls the other's modules.
export type { ApiClient, ApiClientOptions, HttpMethod } from './http/api-client';
export type { CookieJar } from './http/cookie-jar';
export type { HttpModuleConfig } from './http/http.module';
export type { SocketConfig } from './socket/socket-io-tournament.adapter';
export type { FirebaseModuleConfig } from './firebase/firebase.module';
export type { FirebaseSettings, ServiceWorkerHost } from './firebase/firebase-config';
export type { FirebaseAuthSdk, FirebaseMessagingSdk, SdkLoader } from './firebase/firebase-sdk';
export type { SpotifyConfig } from './spotify/spotify-music.adapter';
export type { MusicBrainzConfig } from './musicbrainz/musicbrainz-analysis.adapter';
export type { AuthFailure } from './auth-errors';
