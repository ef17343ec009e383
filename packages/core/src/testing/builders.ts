import type { CurrentUser, Notification } from '../domain/schemas/people.schema';
import type { Event } from '../domain/schemas/events.schema';
import type { Tournament } from '../domain/schemas/games.schema';
import { SettingsSchema } from '../domain/tournament-engine/tournament-engine.schema';
import type { RuntimeConfig } from '../ports/runtime-config.port';

let counter = 0;
/** A fresh 24-hex id; `anId(7)` is always the same id. */
export function anId(n?: number): string {
  return (n ?? ++counter + 1_000_000).toString(16).padStart(24, '0');
}

const WHEN = '2026-01-15T20:00:00.000Z';

/** What every stored record carries: a fresh id, created and updated at the same moment. */
const aStoredRecord = () => ({ _id: anId(), createdAt: WHEN, updatedAt: WHEN });

export function aUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return { ...aStoredRecord(), displayName: 'Camille Martin', email: 'camille@example.fr', roles: [], city: 'Poitiers', ...overrides };
}

export function aStaffUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return aUser({ displayName: 'Sacha Bernard', email: 'sacha@example.fr', roles: ['staff'], ...overrides });
}

export function anEvent(overrides: Partial<Event> = {}): Event {
  return {
    ...aStoredRecord(),
    title: 'Concert au Confort Moderne',
    description: '',
    startsAt: '2026-01-20T19:30:00.000Z',
    artistIds: [],
    categoryIds: [],
    city: 'Poitiers',
    price: { free: true },
    status: 'published',
    tags: [],
    likeCount: 0,
    ...overrides,
  };
}

/** A tournament in registration with two players, as the socket sends it. */
export function aTournament(overrides: Partial<Tournament> = {}): Tournament {
  return {
    ...aStoredRecord(),
    name: 'Tournoi de baby-foot',
    game: 'Baby-foot',
    format: 'single_elimination',
    status: 'registration',
    settings: SettingsSchema.parse({}),
    participants: [
      { id: 'p1', name: 'Léa', seed: 1, checkedIn: false, dropped: false },
      { id: 'p2', name: 'Noé', seed: 2, checkedIn: false, dropped: false },
    ],
    matches: [],
    standings: [],
    winnerId: null,
    ...overrides,
  };
}

export function aNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    ...aStoredRecord(),
    userId: anId(1),
    title: 'Nouvel événement',
    body: 'Un concert est annoncé près de chez vous.',
    readAt: null,
    ...overrides,
  };
}

/** A runtime config for tests: local identity, both store pages known. */
export function aRuntimeConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  return {
    identityProvider: 'local',
    signInMethods: { google: true, apple: true, password: true },
    firebase: null,
    pushPublicKey: null,
    vapidPublicKey: null,
    spotify: { clientId: 'spotify-client-id', redirectUri: 'http://localhost:3000/spotify' },
    audioAnalysisBaseUrl: null,
    storePages: { ios: 'https://apps.apple.com/fr/app/sortie/id000000000', android: 'https://play.google.com/store/apps/details?id=fr.sortie.app' },
    appLinkScheme: 'sortie',
    mapsApiKey: null,
    defaultCity: 'Poitiers',
    cities: ['Poitiers'],
    version: '0.0.0-test',
    publicUrl: null,
    ...overrides,
  };
}
