import { DEMO_ACCOUNTS, DEMO_IDS, DEMO_SHORT_CODES, demoId } from './ids';
import type { ResourceName } from '@sortie/core';
import { demoTournaments } from './tournaments';
import { demoBlindTests } from './blind-tests';
import { demoCollectors } from './collectors';
import type { DemoRecord } from './demo-record';

type Rec = Record<string, unknown>;

const PLACE_TYPES = [
  ['bar', 'Bar', 'mdiGlassMugVariant'], ['concert', 'Salle de concert', 'mdiMusic'], ['theatre', 'Théâtre', 'mdiDramaMasks'],
  ['museum', 'Musée', 'mdiBank'], ['restaurant', 'Restaurant', 'mdiSilverwareForkKnife'], ['park', 'Parc', 'mdiTree'],
] as const;

// [slug, name, type, city, postal code, street, lat, lng]
const PLACES: Array<[string, string, string, string, string, string, number, number]> = [
  ['le-tap-garden', 'Le Tap Garden', 'bar', 'Poitiers', '86000', '12 rue Carnot', 46.5791, 0.3392],
  ['confort-moderne', 'Confort Moderne', 'concert', 'Poitiers', '86000', '185 rue du Faubourg du Pont Neuf', 46.5701, 0.3543],
  ['tap-theatre', 'TAP – Théâtre Auditorium', 'theatre', 'Poitiers', '86000', '6 rue de la Marne', 46.5838, 0.3378],
  ['musee-sainte-croix', 'Musée Sainte-Croix', 'museum', 'Poitiers', '86000', '3 bis rue Jean Jaurès', 46.5797, 0.3504],
  ['le-pince-oreille', 'Le Pince Oreille', 'bar', 'Poitiers', '86000', '11 rue de la Cathédrale', 46.5806, 0.3489],
  ['la-serre', 'La Serre', 'restaurant', 'Poitiers', '86000', '2 rue des Carmes', 46.5822, 0.3441],
  ['parc-de-blossac', 'Parc de Blossac', 'park', 'Poitiers', '86000', 'Rue de la Tranchée', 46.5742, 0.3369],
  ['le-local', 'Le Local', 'concert', 'Poitiers', '86000', '16 rue Saint-Pierre-le-Puellier', 46.5829, 0.3469],
  ['le-biblio-cafe', 'Le Biblio Café', 'bar', 'Poitiers', '86000', '40 rue de la Cathédrale', 46.5812, 0.3482],
  ['la-maison-des-etudiants', 'La Maison des Étudiants', 'concert', 'Poitiers', '86073', 'Campus, allée Jean Monnet', 46.5862, 0.3101],
  ['le-temps-machine', 'Le Temps Machine', 'concert', 'Tours', '37300', '45-49 rue des Martyrs, Joué-lès-Tours', 47.3512, 0.6631],
  ['le-grand-theatre-tours', 'Grand Théâtre de Tours', 'theatre', 'Tours', '37000', '34 rue de la Scellerie', 47.3919, 0.6901],
  ['la-guinguette-de-tours', 'La Guinguette de Tours', 'bar', 'Tours', '37000', 'Quai du Pont Neuf', 47.3963, 0.6840],
  ['les-halles-de-tours', 'Les Halles de Tours', 'restaurant', 'Tours', '37000', 'Place Gaston Pailhou', 47.3896, 0.6812],
  ['la-sirene', 'La Sirène', 'concert', 'La Rochelle', '17000', '111 boulevard Émile Delmas', 46.1485, -1.1716],
  ['la-coursive', 'La Coursive', 'theatre', 'La Rochelle', '17000', '4 rue Saint-Jean du Pérot', 46.1571, -1.1560],
  ['le-vieux-port-bar', 'Le Bar du Vieux-Port', 'bar', 'La Rochelle', '17000', '6 quai Duperré', 46.1589, -1.1525],
  ['le-rocher-de-palmer', 'Le Rocher de Palmer', 'concert', 'Bordeaux', '33150', '1 rue Aristide Briand, Cenon', 44.8572, -0.5283],
  ['le-grand-theatre-bordeaux', 'Grand-Théâtre de Bordeaux', 'theatre', 'Bordeaux', '33000', 'Place de la Comédie', 44.8425, -0.5741],
  ['darwin', 'Darwin Écosystème', 'bar', 'Bordeaux', '33100', '87 quai des Queyries', 44.8496, -0.5590],
];

const CATEGORIES = [
  ['concert', 'Concert', 'mdiMusic', '#ff5a5f'], ['theatre', 'Théâtre', 'mdiDramaMasks', '#7c5cff'], ['expo', 'Exposition', 'mdiPalette', '#2ec4b6'],
  ['quiz', 'Quiz et blind test', 'mdiHeadQuestion', '#ffb020'], ['soiree', 'Soirée', 'mdiPartyPopper', '#4aa3ff'], ['jeux', 'Jeux et tournois', 'mdiGamepadVariant', '#3ecf8e'],
  ['famille', 'En famille', 'mdiHumanMaleChild', '#fb8c00'], ['conference', 'Conférence', 'mdiMicrophoneVariant', '#9e9e9e'],
] as const;

// [slug, name, genres]
const ARTISTS: Array<[string, string, string[]]> = [
  ['la-rue-ketanou', 'La Rue Ketanou', ['chanson', 'folk']], ['les-ogres', 'Les Ogres de Barback', ['chanson']], ['zaz', 'Zaz', ['chanson', 'jazz']],
  ['lujipeka', 'Lujipeka', ['rap']], ['clara-luciani', 'Clara Luciani', ['pop']], ['ibrahim-maalouf', 'Ibrahim Maalouf', ['jazz']],
  ['tryo', 'Tryo', ['reggae', 'chanson']], ['pomme', 'Pomme', ['folk', 'pop']], ['deluxe', 'Deluxe', ['électro', 'funk']],
  ['ninho-tribute', 'Hommage à Ninho', ['rap']], ['quatuor-ebene', 'Quatuor Ébène', ['classique']], ['les-fatals', 'Les Fatals Picards', ['rock', 'humour']],
];

const TITLES: Record<string, string[]> = {
  concert: ['Concert : {artist}', '{artist} en concert', 'Soirée live avec {artist}'],
  theatre: ['Le Misanthrope', 'Cyrano de Bergerac', 'Improvisation théâtrale', 'Les Fourberies de Scapin'],
  expo: ['Exposition : photographies du Poitou', 'Vernissage : jeunes artistes', 'Exposition : l’art du vitrail'],
  quiz: ['Blind test années 80', 'Quiz de culture générale', 'Blind test musiques de films'],
  soiree: ['Soirée salsa', 'Soirée électro', 'Apéro-concert', 'Soirée jeux de société'],
  jeux: ['Tournoi Mario Kart', 'Tournoi de pétanque', 'Tournoi d’échecs éclair'],
  famille: ['Spectacle de marionnettes', 'Atelier contes pour enfants', 'Chasse au trésor'],
  conference: ['Conférence : l’histoire de Poitiers', 'Rencontre avec une autrice', 'Conférence : le ciel d’hiver'],
};

const iso = (ms: number) => new Date(ms).toISOString();

/** The address the demo names when nobody says which: the default port's. */
export const DEFAULT_DEMO_ORIGIN = 'http://localhost:3000';

/** Who entered the closed demo raffle (DEMO_IDS.closedRaffle). */
export const DEMO_RAFFLE_ENTRANTS = ['Ana', 'Bruno', 'Chloé', 'Driss', 'Élise', 'Farid'];

/** The French demo data set, dates relative to `now` so the events stay upcoming; `origin` is the server's own address (demoOrigin). */
export function demoRecords(now: number, origin = DEFAULT_DEMO_ORIGIN): DemoRecord[] {
  const records: DemoRecord[] = [];
  const add = (resource: ResourceName, id: string, data: Rec) => records.push({ resource, id, data });
  const day = 86_400_000;
  const today = Math.floor(now / day) * day;

  for (const [key, name, icon] of PLACE_TYPES) add('placeTypes', demoId(`placetype:${key}`), { name, icon });
  for (const [slug, name, icon, colour] of CATEGORIES) add('eventCategories', demoId(`category:${slug}`), { name, slug, icon, colour });

  const orgs = [
    ['jazz-a-poitiers', 'Jazz à Poitiers', 'Association qui fait vivre le jazz à Poitiers depuis 1990.'],
    ['ville-de-poitiers', 'Ville de Poitiers', 'Les événements de la ville de Poitiers.'],
    ['asso-ludique', 'Les Joueurs du Clain', 'Association de jeux de société et de jeux vidéo.'],
    ['rochelle-culture', 'La Rochelle Culture', 'Collectif culturel rochelais.'],
  ];
  for (const [slug, name, description] of orgs) add('organizations', demoId(`org:${slug}`), { name, description, website: `https://www.example.org/${slug}`, memberIds: [] });

  for (const [slug, name, type, city, postalCode, street, lat, lng] of PLACES) {
    add('places', demoId(`place:${slug}`), {
      name, slug, typeId: demoId(`placetype:${type}`), description: `${name}, à ${city}.`,
      address: { street, postalCode, city }, location: { lat, lng }, phone: '05 49 00 00 00',
      website: `https://www.example.org/lieux/${slug}`, socials: {}, images: [],
      openingHours: type === 'bar' ? { tue: ['17:00-01:00'], wed: ['17:00-01:00'], thu: ['17:00-02:00'], fri: ['17:00-02:00'], sat: ['17:00-02:00'] } : {},
      // The Confort Moderne has a brand colour, so the designer shows a venue's own palette.
      ...(slug === 'confort-moderne' ? { organizationId: demoId('org:jazz-a-poitiers'), colour: '#e4572e' } : {}),
    });
  }
  for (const [slug, name, genres] of ARTISTS) {
    add('artists', demoId(`artist:${slug}`), { name, slug, bio: `${name} : ${genres.join(', ')}.`, genres, links: { website: `https://www.example.org/artistes/${slug}` } });
  }

  // 64 upcoming events over the next 60 days; the museum keeps none (for /nextEvent's fallback).
  const eventPlaces = PLACES.filter(([slug]) => slug !== 'musee-sainte-croix');
  for (let i = 0; i < 64; i++) {
    const [placeSlug, , , city] = eventPlaces[i % eventPlaces.length]!;
    const [category] = CATEGORIES[i % CATEGORIES.length]!;
    const artist = ARTISTS[i % ARTISTS.length]!;
    const titles = TITLES[category]!;
    const title = titles[Math.floor(i / CATEGORIES.length) % titles.length]!.replace('{artist}', artist[1]);
    const startsAt = today + (1 + Math.floor((i * 60) / 64)) * day + (18 + (i % 4)) * 3_600_000;
    const free = i % 3 === 0;
    add('events', demoId(`event:${i}`), {
      title, description: `**${title}** à ${city}. Venez nombreux !`, startsAt: iso(startsAt), endsAt: iso(startsAt + 3 * 3_600_000),
      placeId: demoId(`place:${placeSlug}`), ...(category === 'concert' ? { organizationId: demoId('org:jazz-a-poitiers'), artistIds: [demoId(`artist:${artist[0]}`)] } : { artistIds: [] }),
      categoryIds: [demoId(`category:${category}`)], city, price: free ? { free: true } : { min: 500 + (i % 5) * 300, max: 1500 + (i % 5) * 500 },
      ...(free ? {} : { ticketUrl: `https://billetterie.example.org/e/${i}` }), status: 'published', tags: [category, city.toLowerCase()], likeCount: 0,
    });
  }
  add('events', demoId('event:draft'), { title: 'Concert secret (brouillon)', description: '', startsAt: iso(today + 10 * day), placeId: DEMO_IDS.places.confort, artistIds: [], categoryIds: [], city: 'Poitiers', price: { free: true }, status: 'draft', tags: [], likeCount: 0 });
  add('events', demoId('event:past'), { title: 'Fête de la musique (passée)', description: '', startsAt: iso(today - 30 * day), placeId: DEMO_IDS.places.confort, artistIds: [], categoryIds: [], city: 'Poitiers', price: { free: true }, status: 'published', tags: [], likeCount: 0 });

  for (const [resource, id, data] of demoBlindTests()) add(resource, id, data);

  const participants = ['Mario', 'Luigi', 'Peach', 'Toad', 'Yoshi', 'Bowser'].map((name, i) => ({ id: `p${i + 1}`, name, seed: i + 1 }));
  // The championship's third leg, open for registration; the other tournaments are played by core's actions (demo/tournaments.ts).
  const kart = { name: 'Tournoi Mario Kart', eventId: DEMO_IDS.gamesEvent, game: 'Mario Kart 8', format: 'single_elimination', status: 'registration', participants, matches: [] };
  for (const [resource, id, data] of demoTournaments(kart)) add(resource, id, data);

  add('raffles', DEMO_IDS.raffle, {
    title: 'Tombola de printemps', description: 'Gagnez des places de concert !', prizes: [{ name: 'Deux places pour un concert', quantity: 2 }, { name: 'Un t-shirt Sortie', quantity: 3 }],
    placeId: DEMO_IDS.places.confort, eventId: DEMO_IDS.gamesEvent, opensAt: iso(today - day), closesAt: iso(today + 30 * day), status: 'open', legalBasis: 'free_draw',
    rules: 'Tirage gratuit sans obligation d’achat, une participation par personne.', entryCount: 0, draw: null,
  });
  // Closed an hour ago; demo/load.ts commits its seed and adds its entries, so staff can draw it.
  add('raffles', DEMO_IDS.closedRaffle, {
    title: 'Tombola de la soirée quiz', description: 'Les participations sont closes : le tirage attend l’équipe.', prizes: [{ name: 'Une carte cadeau de 30 €', quantity: 1 }, { name: 'Un t-shirt Sortie', quantity: 2 }],
    placeId: DEMO_IDS.places.tapGarden, opensAt: iso(now - 10 * day), closesAt: iso(now - 3_600_000), status: 'open', legalBasis: 'free_draw',
    rules: 'Tirage gratuit sans obligation d’achat, une participation par personne.', entryCount: DEMO_RAFFLE_ENTRANTS.length, draw: null,
  });

  const fields = [
    { key: 'nom', label: 'Nom', type: 'text', required: true, options: [] },
    { key: 'email', label: 'E-mail', type: 'email', required: true, options: [] },
    { key: 'creneau', label: 'Créneau', type: 'select', required: true, options: ['Matin', 'Après-midi', 'Soir'] },
    { key: 'message', label: 'Message', type: 'textarea', required: false, options: [] },
  ];
  add('formTemplates', DEMO_IDS.formTemplate, { name: 'Inscription bénévole', fields });
  add('forms', DEMO_IDS.form, { title: 'Devenir bénévole au festival', description: 'Rejoignez l’équipe des bénévoles.', templateId: DEMO_IDS.formTemplate, eventId: DEMO_IDS.gamesEvent, fields, entryCount: 0 });

  add('menus', DEMO_IDS.menu, {
    placeId: DEMO_IDS.places.tapGarden, title: 'La carte du Tap Garden',
    sections: [
      { name: 'À partager', items: [
        { name: 'Planche mixte', description: 'Charcuterie et fromages du Poitou', price: 1600, allergens: ['milk', 'sulphites'], tags: [] },
        { name: 'Houmous maison', description: 'Pois chiches, tahini, pain pita', price: 750, allergens: ['sesame', 'gluten'], tags: ['vegan'] },
      ] },
      { name: 'Boissons', items: [
        { name: 'Bière pression locale', description: '25 cl', price: 400, allergens: ['gluten'], tags: ['vegan'] },
        { name: 'Limonade artisanale', description: '33 cl', price: 350, allergens: [], tags: ['vegan'] },
      ] },
    ],
  });
  add('stores', DEMO_IDS.store, { name: 'La boutique du Confort', placeId: DEMO_IDS.places.confort, description: 'Disques, affiches et t-shirts.', url: 'https://boutique.example.org/', products: [{ name: 'T-shirt Sortie', price: 2000 }, { name: 'Affiche sérigraphiée', price: 1500 }] });

  const jobs = [
    ['Barman / barmaid', 'CDI', 'Poitiers', DEMO_IDS.places.tapGarden], ['Régisseur son', 'CDD', 'Poitiers', DEMO_IDS.places.confort],
    ['Serveur en extra', 'extra', 'Tours', demoId('place:la-guinguette-de-tours')], ['Stage communication', 'stage', 'Bordeaux', demoId('place:darwin')],
  ] as const;
  jobs.forEach(([title, contract, city, placeId], i) =>
    add('jobOffers', demoId(`job:${i}`), { title, contract, city, placeId, description: `${title} à ${city}.`, applyEmail: 'recrutement@example.org', publishedAt: iso(today - i * day), expiresAt: iso(today + 30 * day) }),
  );

  const posts = [
    ['bienvenue-sur-sortie', 'Bienvenue sur Sortie', 'Trouver quoi faire ce soir, à Poitiers ou ailleurs.'],
    ['les-concerts-du-mois', 'Les concerts du mois', 'Notre sélection de concerts à ne pas manquer.'],
    ['organiser-un-blind-test', 'Organiser un blind test', 'Nos conseils pour une soirée réussie.'],
  ];
  posts.forEach(([slug, title, excerpt], i) => add('blogPosts', demoId(`blog:${slug}`), { slug, title, excerpt, body: `# ${title}\n\n${excerpt}`, publishedAt: iso(today - (i + 1) * day), author: 'L’équipe Sortie' }));
  // The documentation is packages/server/docs (Markdown files served at /docs): no stored page in the demo.

  // Each earned by core's rule (domain/badges), as the empty state of /users/badges promises for « Premier pas ».
  const badges = [
    ['Premier pas', 'Votre premier événement aimé.', 'mdiShoePrint', { kind: 'firstLike' }],
    ['Noctambule', 'Dix soirées aimées.', 'mdiWeatherNight', { kind: 'likes', count: 10 }],
    ['Mélomane', 'Cinq lieux, artistes ou organisateurs suivis.', 'mdiMusic', { kind: 'follows', count: 5 }],
  ] as const;
  badges.forEach(([name, description, icon, rule], i) => add('badges', demoId(`badge:${i}`), { name, description, icon, rule }));

  add('dynaLinks', DEMO_IDS.dynaLinks.poitiers, { url: 'https://www.poitiers.fr/', shortCode: DEMO_SHORT_CODES.poitiers, visitCount: 0, createdBy: DEMO_IDS.users.staff });
  add('dynaLinks', demoId('dynalink:agenda'), { url: 'https://www.example.org/agenda', shortCode: DEMO_SHORT_CODES.agenda, visitCount: 0, createdBy: DEMO_IDS.users.staff });
  add('dynaLinks', DEMO_IDS.dynaLinks.expired, { url: 'https://www.example.org/expire', shortCode: DEMO_SHORT_CODES.expired, visitCount: 0, expiresAt: iso(today - day) });
  add('shares', DEMO_IDS.share, { target: { kind: 'event', id: DEMO_IDS.firstEvent }, userId: DEMO_IDS.users.visitor, viewCount: 0 });

  records.push(...demoCollectors(now, origin));
  add('mailTemplates', demoId('mail:bienvenue'), { name: 'bienvenue', subject: 'Bienvenue sur Sortie, {{prenom}} !', body: 'Bonjour {{prenom}},\n\nBienvenue sur Sortie.' });
  add('tasks', demoId('task:collecte'), { name: 'Collecte quotidienne', schedule: '@daily', status: 'idle', lastRunAt: null, lastError: null });
  add('images', demoId('image:affiche'), { url: 'https://images.example.org/affiche.jpg', alt: 'Affiche du festival', width: 800, height: 1200 });
  add('placeRoles', demoId('placerole:staff-tap'), { placeId: DEMO_IDS.places.tapGarden, userId: DEMO_IDS.users.staff, role: 'manager' });
  add('eventRoles', demoId('eventrole:staff-0'), { eventId: DEMO_IDS.firstEvent, userId: DEMO_IDS.users.staff, role: 'organiser' });
  add('notifications', DEMO_IDS.notification, { userId: DEMO_IDS.users.visitor, title: 'Bienvenue sur Sortie !', body: 'Découvrez les événements de Poitiers.', link: '/home/Poitiers', readAt: null });
  return records;
}

export { DEMO_ACCOUNTS };
