import { createHash } from 'node:crypto';

/** A deterministic 24-hex id from a name, so tests and docs can name demo records. */
export const demoId = (name: string): string => createHash('sha256').update(`sortie-demo:${name}`).digest('hex').slice(0, 24);

export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@demo.sortie.fr', displayName: 'Alice Admin', roles: ['admin'] },
  staff: { email: 'staff@demo.sortie.fr', displayName: 'Samir Équipe', roles: ['staff'] },
  visitor: { email: 'visiteur@demo.sortie.fr', displayName: 'Valentine Visiteuse', roles: [] },
} as const;
/** The demo accounts, in the order they are created. */
export const DEMO_ACCOUNT_KEYS = ['admin', 'staff', 'visitor'] as const satisfies ReadonlyArray<keyof typeof DEMO_ACCOUNTS & keyof typeof DEMO_IDS.users>;

/** Ids of the demo records that tests and documentation refer to. */
export const DEMO_IDS = {
  users: { admin: demoId('user:admin'), staff: demoId('user:staff'), visitor: demoId('user:visitor') },
  places: { tapGarden: demoId('place:le-tap-garden'), confort: demoId('place:confort-moderne'), tap: demoId('place:tap-theatre') },
  /** A place with no upcoming event (for /nextEvent's fallback). */
  placeWithoutEvents: demoId('place:musee-sainte-croix'),
  organizations: { jazzAPoitiers: demoId('org:jazz-a-poitiers') },
  artists: { lesFrancoFolies: demoId('artist:la-rue-ketanou') },
  firstEvent: demoId('event:0'),
  /** The Mario Kart night: its tournaments, its championship, the spring raffle and the volunteers' form. */
  gamesEvent: demoId('event:5'),
  blindTest: demoId('blindtest:annees-80'),
  tournament: demoId('tournament:mario-kart'),
  raffle: demoId('raffle:printemps'),
  /** Closed, its seed committed before its entries (demo/load.ts): ready for staff to draw. */
  closedRaffle: demoId('raffle:soiree-quiz'),
  form: demoId('form:benevoles'),
  formTemplate: demoId('formtemplate:inscription'),
  menu: demoId('menu:le-tap-garden'),
  store: demoId('store:confort-moderne'),
  dynaLinks: { poitiers: demoId('dynalink:poitiers'), expired: demoId('dynalink:expire') },
  share: demoId('share:first-event'),
  notification: demoId('notification:welcome'),
} as const;

export const DEMO_SHORT_CODES = { poitiers: 'poitiers', expired: 'expire', agenda: 'agenda' } as const;
