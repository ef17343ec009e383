import { RESOURCES } from '@sortie/core';
import type { Db } from '../db/database';
import { ENTITIES, normalizeText, type Data } from '../db/entities';
import { recordOf } from '../db/rows';
import { RESOURCE_POLICY } from '../resources/policy';
import { demoId } from './ids';

/**
 * Realistic volume for load tests and benchmarks: French events over ten cities, with the
 * places, organisations and artists they reference (one of each per ten events).
 *
 * Every record is a pure function of its index (a seeded generator, no Math.random), so ids
 * are stable: a second run adds nothing, and a larger run adds only what is missing. Records
 * go through their core input schema and get the fields the server adds on creation, so the
 * rows are the ones POST /api/{resource} would write; typed columns and the search text come
 * from ENTITIES. Rows are written with multi-row INSERTs, inside transactions.
 */

export interface VolumeCounts {
  events: number;
  places: number;
  organizations: number;
  artists: number;
}

export interface VolumeOptions {
  /** How many events; the related records scale with it (see `volumeSizes`). */
  events: number;
  /** The instant the dates are spread around (a third before, two thirds after). */
  now?: number;
  /** Called after each transaction (10,000 rows at most), for a progress line. */
  onProgress?: (progress: { resource: VolumeResource; done: number; total: number }) => void;
}

export interface VolumeResult {
  /** The records the run covers (already there or added). */
  planned: VolumeCounts;
  /** The rows this run inserted. */
  added: VolumeCounts;
  cities: string[];
  seconds: number;
}

export type VolumeResource = keyof VolumeCounts;
type Rng = ReturnType<typeof rng>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Rows per INSERT statement (events have 9 columns: 9,000 parameters). */
const BATCH = 1000;
/** Rows per transaction (and per lookup of the rows already there). */
const CHUNK = 10_000;
/** At least one place, organisation and artist per city. */
const MIN_RELATED = 10;

/** One place, one organisation and one artist per ten events, never fewer than ten. */
export function volumeSizes(events: number): VolumeCounts {
  const related = Math.max(MIN_RELATED, Math.ceil(events / 10));
  return { events, places: related, organizations: related, artists: related };
}

/** The stable id of the i-th generated record of a kind. */
export const volumeId = (resource: VolumeResource, index: number): string => demoId(`volume:${resource}:${index}`);

// ---------------------------------------------------------------------------------------------
// Seeded randomness: a record's generator is seeded by its kind and index only. An event's content
// (date, theme, city, price, status) has its own stream, apart from the places and artists it picks
// among the volume's: the same index gives the same event whatever the volume.
const SALTS = { places: 0x9e3779b1, organizations: 0x85ebca6b, artists: 0xc2b2ae35, events: 0x27d4eb2f, eventReferences: 0x165667b1 };

function rng(stream: keyof typeof SALTS, index: number) {
  // A murmur3 finaliser of (salt, index), then mulberry32.
  let h = Math.imul(index ^ SALTS[stream], 0xcc9e2d51);
  h ^= h >>> 15;
  h = Math.imul(h, 0x1b873593);
  h ^= h >>> 13;
  let state = h >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const weighted = <T extends { weight: number }>(items: readonly T[]): T => {
    let r = next() * items.reduce((sum, item) => sum + item.weight, 0);
    for (const item of items) if ((r -= item.weight) < 0) return item;
    return items[items.length - 1]!;
  };
  return { next, int, pick, weighted, chance: (p: number) => next() < p };
}

// ---------------------------------------------------------------------------------------------
// Vocabulary.

interface City {
  name: string;
  postalCodes: string[];
  lat: number;
  lng: number;
  /** Share of places, organisations and events (the bigger cities get more). */
  weight: number;
  phone: string;
  streets: string[];
  /** With their article, as a sentence needs it ("la Croix-Rousse"); see `ofQuarter`. */
  quarters: string[];
}

export const VOLUME_CITIES: readonly City[] = [
  { name: 'Poitiers', postalCodes: ['86000'], lat: 46.5802, lng: 0.3404, weight: 7, phone: '05 49', streets: ['rue Carnot', 'Grand’Rue', 'rue de la Cathédrale', 'boulevard du Grand Cerf', 'rue des Carmes', 'rue Magenta'], quarters: ['Saint-Hilaire', 'Montierneuf', 'les Trois-Cités', 'la Gibauderie'] },
  { name: 'Tours', postalCodes: ['37000', '37100', '37200'], lat: 47.3941, lng: 0.6848, weight: 7, phone: '02 47', streets: ['rue Nationale', 'rue Colbert', 'place Plumereau', 'boulevard Béranger', 'rue du Commerce', 'rue de la Scellerie'], quarters: ['le Vieux-Tours', 'les Prébendes', 'les Fontaines', 'Saint-Symphorien'] },
  { name: 'La Rochelle', postalCodes: ['17000'], lat: 46.1603, lng: -1.1511, weight: 6, phone: '05 46', streets: ['quai Duperré', 'rue du Palais', 'rue Saint-Nicolas', 'cours des Dames', 'rue Chaudrier', 'rue des Merciers'], quarters: ['le Gabut', 'les Minimes', 'la Pallice', 'Saint-Nicolas'] },
  { name: 'Bordeaux', postalCodes: ['33000', '33800', '33300'], lat: 44.8378, lng: -0.5792, weight: 12, phone: '05 56', streets: ['cours de l’Intendance', 'rue Sainte-Catherine', 'quai des Chartrons', 'cours Victor Hugo', 'place de la Victoire', 'rue du Loup'], quarters: ['les Chartrons', 'Saint-Michel', 'la Bastide', 'Saint-Pierre'] },
  { name: 'Nantes', postalCodes: ['44000', '44100', '44200'], lat: 47.2184, lng: -1.5536, weight: 11, phone: '02 40', streets: ['rue Crébillon', 'quai de la Fosse', 'rue Kervégan', 'boulevard des Nations-Unies', 'place du Bouffay', 'rue de Strasbourg'], quarters: ['le Bouffay', 'l’île de Nantes', 'Chantenay', 'Graslin'] },
  { name: 'Lyon', postalCodes: ['69001', '69002', '69003', '69007'], lat: 45.764, lng: 4.8357, weight: 14, phone: '04 78', streets: ['rue de la République', 'quai Saint-Antoine', 'rue Mercière', 'montée de la Grande-Côte', 'cours Gambetta', 'rue du Bœuf'], quarters: ['la Croix-Rousse', 'le Vieux-Lyon', 'la Guillotière', 'la Confluence'] },
  { name: 'Lille', postalCodes: ['59000', '59800'], lat: 50.6292, lng: 3.0573, weight: 11, phone: '03 20', streets: ['rue de la Monnaie', 'rue Solférino', 'rue Masséna', 'place du Théâtre', 'rue de Béthune', 'rue Royale'], quarters: ['le Vieux-Lille', 'Wazemmes', 'Fives', 'Moulins'] },
  { name: 'Toulouse', postalCodes: ['31000', '31300', '31400'], lat: 43.6047, lng: 1.4442, weight: 13, phone: '05 61', streets: ['rue du Taur', 'allées Jean-Jaurès', 'rue Pargaminières', 'quai de la Daurade', 'place Saint-Pierre', 'rue d’Alsace-Lorraine'], quarters: ['les Carmes', 'Saint-Cyprien', 'les Chalets', 'Compans-Caffarelli'] },
  { name: 'Rennes', postalCodes: ['35000', '35200', '35700'], lat: 48.1173, lng: -1.6778, weight: 9, phone: '02 99', streets: ['rue Saint-Michel', 'place des Lices', 'quai Lamartine', 'boulevard de la Liberté', 'rue Vasselot', 'rue de Saint-Malo'], quarters: ['le Thabor', 'Sainte-Thérèse', 'Bourg-l’Évêque', 'Villejean'] },
  { name: 'Strasbourg', postalCodes: ['67000', '67100'], lat: 48.5734, lng: 7.7521, weight: 10, phone: '03 88', streets: ['Grand’Rue', 'quai des Bateliers', 'rue du Vieux-Marché-aux-Poissons', 'place Kléber', 'rue des Frères', 'rue d’Austerlitz'], quarters: ['la Petite France', 'la Krutenau', 'le Neudorf', 'l’Esplanade'] },
];

type PlaceKind = 'bar' | 'concert' | 'theatre' | 'museum' | 'restaurant' | 'park';

/** The demo's place types, found by name in the database (an unknown one is left out). */
const PLACE_TYPE_NAMES: Record<string, PlaceKind> = { bar: 'bar', 'salle de concert': 'concert', theatre: 'theatre', musee: 'museum', restaurant: 'restaurant', parc: 'park' };
const PLACE_KINDS: ReadonlyArray<{ kind: PlaceKind; weight: number }> = [
  { kind: 'bar', weight: 30 }, { kind: 'concert', weight: 16 }, { kind: 'theatre', weight: 14 }, { kind: 'museum', weight: 10 }, { kind: 'restaurant', weight: 18 }, { kind: 'park', weight: 12 },
];
const PLACE_NAMES: Record<PlaceKind, { heads: string[]; tails: string[] }> = {
  bar: { heads: ['Le Comptoir', 'Le Zinc', 'La Cave', 'Le Bistrot', 'Le Café', 'La Buvette', 'La Taverne', 'Le Troquet', 'L’Estaminet', 'Le Bar'], tails: ['du Marché', 'des Arts', 'de la Place', 'du Port', 'des Halles', 'Saint-Jean', 'des Copains', 'de la Gare', 'du Coin', 'des Sports', 'Bohème', 'à Bulles'] },
  concert: { heads: ['La Scène', 'Le Hangar', 'La Cartonnerie', 'L’Usine', 'La Fabrique', 'Le Rex', 'La Grange', 'Le Moulin', 'La Péniche', 'L’Échonova'], tails: ['', 'à Musique', 'Rock', 'des Docks', 'du Canal', 'Électrique', 'Sonore', 'des Lumières'] },
  theatre: { heads: ['Théâtre', 'Petit Théâtre', 'Théâtre municipal', 'Scène nationale', 'Salle'], tails: ['du Chêne Noir', 'de la Ville', 'des Beaux-Arts', 'du Rond-Point', 'de Poche', 'des Carmes', 'de l’Odyssée', 'du Lierre', 'Molière', 'des Halles', 'de la Tour'] },
  museum: { heads: ['Musée', 'Musée', 'Galerie', 'Maison'], tails: ['des Beaux-Arts', 'de l’Imprimerie', 'du Vitrail', 'de la Photographie', 'des Arts décoratifs', 'de la Bande dessinée', 'de la Marine', 'du Patrimoine', 'de l’Affiche', 'des Sciences'] },
  restaurant: { heads: ['Chez', 'La Table de', 'Le Bouchon de', 'L’Auberge de', 'Le Petit Bistrot de', 'La Cuisine de'], tails: ['Margot', 'Lucien', 'Suzanne', 'Gaston', 'Jeanne', 'Marcel', 'Odette', 'Fernand', 'Louise', 'Raymond'] },
  park: { heads: ['Parc', 'Jardin', 'Square', 'Esplanade', 'Jardin botanique'], tails: ['des Plantes', 'du Château', 'de la Source', 'des Remparts', 'Saint-Pierre', 'de l’Abbaye', 'des Tilleuls', 'du Belvédère', 'de la Rivière'] },
};

const FIRST_NAMES = ['Camille', 'Léa', 'Manon', 'Chloé', 'Inès', 'Jeanne', 'Louise', 'Zoé', 'Margaux', 'Élise', 'Lucas', 'Hugo', 'Louis', 'Gabriel', 'Arthur', 'Jules', 'Théo', 'Nathan', 'Raphaël', 'Mathis', 'Bastien', 'Romane', 'Anaïs', 'Sacha', 'Noé', 'Célestin', 'Agathe', 'Héloïse', 'Timothée', 'Maëlys'];
const LAST_NAMES = ['Martin', 'Bernard', 'Dubois', 'Lefèvre', 'Moreau', 'Laurent', 'Garnier', 'Roux', 'Fontaine', 'Chevalier', 'Rousseau', 'Blanchard', 'Gauthier', 'Perrin', 'Marchand', 'Lemoine', 'Barbier', 'Renaud', 'Leclerc', 'Mercier', 'Faure', 'Caron', 'Picard', 'Boucher', 'Gaillard'];
const BAND_NOUNS = ['Chats', 'Vagues', 'Lucioles', 'Hiboux', 'Renards', 'Comètes', 'Marmottes', 'Cigales', 'Ours', 'Étoiles', 'Gamins', 'Sirènes', 'Corbeaux', 'Moineaux', 'Loups'];
const BAND_ADJECTIVES = ['Bleus', 'Sauvages', 'Électriques', 'Rêveurs', 'Nocturnes', 'Joyeux', 'Perdus', 'Sonores', 'Rouges', 'Volants', 'Tranquilles', 'Pressés'];

interface Genre {
  name: string;
  weight: number;
  names: Array<(r: Rng) => string>;
}
const person = (r: Rng) => `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`;
const band = (r: Rng) => `Les ${r.pick(BAND_NOUNS)} ${r.pick(BAND_ADJECTIVES)}`;
const GENRES: readonly Genre[] = [
  { name: 'jazz', weight: 12, names: [person, (r) => `${r.pick(LAST_NAMES)} Quartet`, (r) => `${person(r)} Trio`, (r) => `${r.pick(LAST_NAMES)} Big Band`] },
  { name: 'rock', weight: 12, names: [band, (r) => `${r.pick(BAND_NOUNS)} ${r.pick(BAND_ADJECTIVES)}`] },
  { name: 'pop', weight: 10, names: [person, (r) => r.pick(FIRST_NAMES), band] },
  { name: 'chanson', weight: 12, names: [person, band] },
  { name: 'rap', weight: 8, names: [(r) => `MC ${r.pick(FIRST_NAMES)}`, person] },
  { name: 'électro', weight: 8, names: [(r) => `DJ ${r.pick(FIRST_NAMES)}`, (r) => `${r.pick(BAND_NOUNS)} Club`] },
  { name: 'folk', weight: 6, names: [person, band] },
  { name: 'reggae', weight: 4, names: [band, (r) => `${r.pick(FIRST_NAMES)} Sound System`] },
  { name: 'funk', weight: 4, names: [band, (r) => `${r.pick(LAST_NAMES)} Funk Machine`] },
  { name: 'blues', weight: 4, names: [person, (r) => `${r.pick(LAST_NAMES)} Blues Band`] },
  { name: 'metal', weight: 3, names: [band] },
  { name: 'classique', weight: 8, names: [person, (r) => `Quatuor ${r.pick(LAST_NAMES)}`, (r) => `Ensemble ${r.pick(['Arcadia', 'Les Surprises', 'Stravaganza', 'Il Gioco', 'La Chapelle', 'Les Folies'])}`, (r) => `Trio ${r.pick(LAST_NAMES)}`] },
  { name: 'humour', weight: 9, names: [person] },
];
const MUSIC = GENRES.map((genre) => genre.name).filter((name) => name !== 'classique' && name !== 'humour');

const ORG_PREFIXES = ['Association', 'Collectif', 'Compagnie'];
const ORG_NAMES = ['Musiques en liberté', 'Les Arts mêlés', 'Culture pour tous', 'Scènes ouvertes', 'Le Cri du Chœur', 'Les Têtes de l’Art', 'Jeux en fête', 'La Belle Équipe', 'Les Nuits blanches', 'Ciné-passion', 'Le Grand Bazar', 'Les Mots dits', 'Swing & Co', 'La Fabrique à rêves', 'Terre de jeux', 'Le Petit Peuple'];
const ORG_MISSIONS = ['organise concerts et soirées toute l’année', 'anime la vie culturelle du quartier', 'fait découvrir les jeux de société à tous les âges', 'programme du théâtre amateur et professionnel', 'soutient les jeunes artistes de la région', 'propose ateliers, rencontres et projections', 'fait vivre le patrimoine de la ville', 'monte des festivals à taille humaine'];

// Events: a theme gives the category, the kind of place, titles, hours, duration and price.
interface Theme {
  weight: number;
  /** Slugs of the demo's event categories (those missing from the database are left out). */
  categories: string[];
  places: PlaceKind[];
  /** With {artist} (the first artist's name), {x} (a filler), {city}, {ofQuarter}. */
  titles: string[];
  fill?: string[];
  blurbs: string[];
  tags: string[];
  /** Artists of these genres, from one to `artists` of them. */
  genres?: string[];
  artists?: number;
  hours: Array<[number, number]>;
  minutes?: number;
  /** Exhibitions, markets, festivals: several days, from the first day's opening. */
  days?: [number, number];
  free: number;
  price: [number, number];
  months?: number[];
}

const PLAYS = ['Le Misanthrope', 'Cyrano de Bergerac', 'Les Fourberies de Scapin', 'Le Malade imaginaire', 'Phèdre', 'Le Cid', 'Ruy Blas', 'En attendant Godot', 'La Cantatrice chauve', 'Huis clos', 'Le Jeu de l’amour et du hasard', 'On ne badine pas avec l’amour', 'Les Femmes savantes', 'Tartuffe', 'L’Avare', 'Antigone', 'Rhinocéros', 'Art', 'Knock', 'Le Dîner de cons'];
const FILMS = ['Les Quatre Cents Coups', 'À bout de souffle', 'Jules et Jim', 'La Haine', 'Les Parapluies de Cherbourg', 'Playtime', 'La Grande Vadrouille', 'Le Salaire de la peur', 'Cléo de 5 à 7', 'Les Demoiselles de Rochefort', 'Le Samouraï', 'Delicatessen', 'La Règle du jeu', 'Mon oncle', 'Le Cercle rouge'];

const THEMES: readonly Theme[] = [
  { weight: 8, categories: ['concert'], places: ['concert', 'bar'], titles: ['Concert de jazz : {artist}', '{artist} en concert', 'Soirée jazz avec {artist}', 'Jam session jazz', 'Jazz manouche : {artist}'], genres: ['jazz'], artists: 2, blurbs: ['Standards revisités et compositions originales, dans une ambiance de club.', 'Contrebasse, piano et batterie : le swing à deux pas de chez vous.'], tags: ['jazz', 'concert'], hours: [[20, 30], [21, 0], [19, 0]], minutes: 150, free: 0.2, price: [800, 2500] },
  { weight: 14, categories: ['concert'], places: ['concert', 'bar'], titles: ['{artist} en concert', 'Concert : {artist}', '{artist} + première partie', 'Apéro-concert : {artist}', '{artist} – tournée {x}'], fill: ['d’automne', 'de printemps', 'acoustique', 'des dix ans', 'de sortie d’album'], genres: MUSIC, artists: 2, blurbs: ['Un concert debout, à vivre au plus près de la scène.', 'Le nouvel album en live, et les titres que le public connaît par cœur.', 'Une soirée qui s’annonce déjà complète : ne tardez pas.'], tags: ['concert', 'musique live'], hours: [[20, 0], [20, 30], [21, 0]], minutes: 180, free: 0.15, price: [1000, 3500] },
  { weight: 4, categories: ['concert'], places: ['theatre', 'museum', 'concert'], titles: ['Soirée baroque : {x}', 'Soirée baroque aux chandelles', 'Récital baroque : {x}', '{artist} joue {x}'], fill: ['Bach', 'Vivaldi', 'Haendel', 'Rameau', 'Purcell', 'Couperin', 'Lully', 'Monteverdi', 'Telemann', 'Charpentier'], genres: ['classique'], artists: 1, blurbs: ['Instruments d’époque et lumière des bougies.', 'Un programme de sonates et de cantates, commenté entre les pièces.'], tags: ['baroque', 'musique classique'], hours: [[20, 0], [18, 0]], minutes: 120, free: 0.1, price: [1200, 3500] },
  { weight: 4, categories: ['concert'], places: ['theatre', 'museum'], titles: ['Récital de piano : {x}', 'Quatuor à cordes : {x}', '{artist} joue {x}', 'Concert du dimanche : {x}'], fill: ['Mozart', 'Beethoven', 'Schubert', 'Debussy', 'Ravel', 'Fauré', 'Brahms', 'Chopin', 'Satie', 'Saint-Saëns'], genres: ['classique'], artists: 1, blurbs: ['Un programme tout en nuances, pour les mélomanes comme pour les curieux.', 'Rencontre avec les musiciens à l’issue du concert.'], tags: ['musique classique'], hours: [[20, 0], [17, 0]], minutes: 100, free: 0.15, price: [1000, 3000] },
  { weight: 8, categories: ['theatre'], places: ['theatre'], titles: ['{x}', 'Théâtre : {x}', '{x}, nouvelle mise en scène'], fill: PLAYS, blurbs: ['Un classique relu avec énergie par une troupe de huit comédiens.', 'Une mise en scène audacieuse, fidèle au texte.', 'Durée : 1 h 50 sans entracte.'], tags: ['théâtre'], hours: [[20, 30], [19, 30], [16, 0]], minutes: 120, free: 0.05, price: [1200, 3200] },
  { weight: 3, categories: ['theatre'], places: ['theatre', 'bar'], titles: ['Match d’improvisation théâtrale', 'Catch-impro', 'Impro : {x}'], fill: ['carte blanche au public', 'spécial polar', 'comédie musicale improvisée', 'la revanche'], blurbs: ['Deux équipes, un arbitre, et vos thèmes tirés au sort.', 'Rien n’est écrit : tout se joue ce soir.'], tags: ['improvisation', 'théâtre'], hours: [[20, 30]], minutes: 120, free: 0.3, price: [500, 1200] },
  { weight: 5, categories: ['theatre'], places: ['theatre', 'bar', 'concert'], titles: ['Stand-up : {artist}', 'Plateau d’humour', 'Scène ouverte stand-up', 'Comedy club : {artist}', '{artist} – nouveau spectacle'], genres: ['humour'], artists: 1, blurbs: ['Une heure de rire, sans filet.', 'Des humoristes confirmés et de nouveaux talents à découvrir.'], tags: ['stand-up', 'humour'], hours: [[20, 30], [21, 0]], minutes: 90, free: 0.25, price: [1000, 2800] },
  { weight: 6, categories: ['expo'], places: ['museum'], titles: ['Exposition : {x}', 'Vernissage : {x}', '{x}'], fill: ['photographies du bord de mer', 'l’art du vitrail', 'carnets de voyage', 'le street art', 'la bande dessinée franco-belge', 'estampes japonaises', 'les impressionnistes', 'céramique contemporaine', 'affiches de cinéma', 'le patrimoine industriel', 'portraits de marins', 'l’Art nouveau'], blurbs: ['Plus de quatre-vingts œuvres réunies pour la première fois.', 'Visites commentées le samedi à 15 h.', 'Un parcours pour les enfants accompagne l’exposition.'], tags: ['exposition', 'art'], hours: [[10, 0], [11, 0], [14, 0]], days: [14, 90], free: 0.5, price: [300, 900] },
  { weight: 7, categories: ['quiz'], places: ['bar'], titles: ['Blind test {x}', 'Grand blind test {x}', 'Blind test : spécial {x}'], fill: ['années 80', 'années 90', 'années 2000', 'musiques de films', 'génériques de dessins animés', 'chanson française', 'rock', 'disco', 'Disney', 'séries télé', 'rap français', 'Eurovision'], blurbs: ['Venez en équipe de deux à six : lots pour les trois premières équipes.', 'Titres, artistes et bonus : le buzzer vous attend.'], tags: ['blind test', 'quiz', 'musique'], hours: [[20, 0], [21, 0]], minutes: 150, free: 0.6, price: [200, 500] },
  { weight: 4, categories: ['quiz'], places: ['bar', 'restaurant'], titles: ['Quiz de culture générale', 'Pub quiz', 'Quiz spécial {x}', 'Quiz musical'], fill: ['cinéma', 'histoire', 'géographie', 'sport', 'sciences', 'littérature', 'gastronomie', 'séries'], blurbs: ['Six manches, des questions pour tous les niveaux.', 'Inscription des équipes sur place dès 19 h 30.'], tags: ['quiz'], hours: [[20, 0], [20, 30]], minutes: 120, free: 0.65, price: [200, 500] },
  { weight: 4, categories: ['jeux'], places: ['park', 'bar'], titles: ['Tournoi de pétanque', 'Concours de pétanque en doublettes', 'Concours de pétanque en triplettes', 'Pétanque et apéro', 'Tournoi de pétanque {x}'], fill: ['des commerçants', 'du quartier', 'nocturne', 'des associations', 'solidaire'], blurbs: ['Boules non fournies, bonne humeur obligatoire.', 'Jet du but à 14 h 30 précises, buvette sur place.'], tags: ['pétanque', 'tournoi'], hours: [[14, 0], [10, 0], [18, 30]], minutes: 240, free: 0.5, price: [300, 1000], months: [4, 5, 6, 7, 8, 9, 10] },
  { weight: 6, categories: ['jeux'], places: ['bar'], titles: ['Soirée jeux de société', 'Tournoi Mario Kart', 'Tournoi d’échecs éclair', 'Tournoi de belote', 'Tournoi de baby-foot', 'Murder party', 'Tournoi de {x}'], fill: ['Super Smash Bros.', 'FIFA', 'Street Fighter', 'tarot', 'Scrabble', 'fléchettes'], blurbs: ['Plus de deux cents jeux à disposition, et des animateurs pour les expliquer.', 'Inscription sur place, tableau affiché à 19 h.'], tags: ['jeux', 'tournoi'], hours: [[19, 0], [20, 0], [14, 0]], minutes: 180, free: 0.55, price: [300, 1000] },
  { weight: 5, categories: ['famille'], places: ['park'], titles: ['Marché de Noël', 'Marché de Noël des créateurs', 'Village de Noël', 'Marché de Noël {x}'], fill: ['artisanal', 'des producteurs locaux', 'solidaire', 'gourmand'], blurbs: ['Chalets d’artisans, vin chaud et patinoire.', 'Le Père Noël passe tous les après-midi.'], tags: ['marché de Noël', 'en famille'], hours: [[10, 0], [11, 0]], days: [3, 30], free: 1, price: [0, 0], months: [11, 12] },
  { weight: 5, categories: ['conference'], places: ['museum', 'theatre', 'bar'], titles: ['Conférence : {x}', 'Rencontre : {x}', 'Table ronde : {x}', 'Café-débat : {x}'], fill: ['l’histoire de {city}', 'le ciel d’hiver', 'les abeilles et la biodiversité', 'l’intelligence artificielle', 'la Révolution française', 'les cathédrales gothiques', 'le climat de demain', 'les femmes de la Résistance', 'l’océan', 'les débuts du cinéma'], blurbs: ['Par un chercheur de l’université, suivi d’un échange avec la salle.', 'Entrée dans la limite des places disponibles.'], tags: ['conférence'], hours: [[18, 30], [19, 0], [14, 30]], minutes: 90, free: 0.7, price: [300, 800] },
  { weight: 3, categories: ['concert', 'soiree'], places: ['park', 'concert'], titles: ['Festival {x}', '{x} : le festival', 'Festival {x}, le week-end'], fill: ['des Arts de la rue', 'Jazz en ville', 'Les Nuits électro', 'Rock au bord de l’eau', 'Chansons d’ici', 'Les Voix du monde', 'Musiques métisses', 'Éclats de rire', 'Cinéma sous les étoiles'], genres: MUSIC, artists: 5, blurbs: ['Trois scènes, des food trucks et une programmation pour tous les goûts.', 'Pass un jour ou pass week-end.'], tags: ['festival', 'concert'], hours: [[14, 0], [18, 0]], days: [2, 4], free: 0.35, price: [1500, 6000], months: [5, 6, 7, 8, 9] },
  { weight: 6, categories: ['famille'], places: ['museum', 'bar', 'restaurant'], titles: ['Atelier {x}', 'Initiation : {x}', 'Atelier {x} en famille'], fill: ['poterie', 'cuisine italienne', 'linogravure', 'couture', 'aquarelle', 'écriture', 'tricot', 'cocktails sans alcool', 'fabrication de bougies', 'réparation de vélos', 'calligraphie', 'sérigraphie', 'origami'], blurbs: ['Matériel fourni, aucune expérience nécessaire.', 'Douze participants au plus : pensez à réserver.'], tags: ['atelier'], hours: [[10, 0], [14, 0], [15, 0], [18, 30]], minutes: 120, free: 0.3, price: [800, 4500] },
  { weight: 4, categories: ['soiree'], places: ['bar', 'museum', 'theatre'], titles: ['Ciné-club : {x}', 'Projection : {x}', 'Ciné-débat : {x}'], fill: FILMS, blurbs: ['Projection en version restaurée, présentée par l’équipe du ciné-club.', 'Un verre offert après le film pour en discuter.'], tags: ['ciné-club', 'cinéma'], hours: [[20, 0], [20, 30]], minutes: 150, free: 0.45, price: [300, 700] },
  { weight: 7, categories: ['soiree'], places: ['bar', 'concert'], titles: ['Soirée salsa', 'Soirée électro', 'Soirée karaoké', 'Bal folk', 'Soirée disco', 'Soirée vinyles', 'Soirée {x}'], fill: ['latino', 'années 80', 'funk & soul', 'swing', 'tango', 'reggae', 'afro', 'house'], blurbs: ['Initiation à 20 h pour les débutants, puis piste ouverte à tous.', 'Un DJ aux platines jusqu’à la fermeture.'], tags: ['soirée', 'danse'], hours: [[21, 0], [22, 0], [20, 0]], minutes: 300, free: 0.45, price: [500, 1500] },
  { weight: 3, categories: ['soiree'], places: ['restaurant', 'bar'], titles: ['Dégustation : {x}', 'Dégustation de bières artisanales', 'Dégustation de fromages affinés', 'Soirée accords mets et vins'], fill: ['vins de Loire', 'vins de Bordeaux', 'côtes-du-rhône', 'vins d’Alsace', 'vins de Bourgogne', 'champagnes de vignerons', 'vins nature'], blurbs: ['Six cuvées commentées par un caviste, avec une assiette de produits locaux.', 'L’abus d’alcool est dangereux pour la santé, à consommer avec modération.'], tags: ['dégustation', 'gastronomie'], hours: [[19, 0], [19, 30]], minutes: 120, free: 0.05, price: [1500, 4500] },
  { weight: 5, categories: ['famille'], places: ['theatre', 'park', 'museum'], titles: ['Spectacle de marionnettes', 'Heure du conte', 'Chasse au trésor', 'Spectacle de magie', 'Goûter-concert', 'Cirque en famille', 'Théâtre d’ombres', 'Contes pour enfants : {x}'], fill: ['les animaux de la forêt', 'les pirates', 'l’hiver', 'les dragons', 'la mer'], blurbs: ['Dès 4 ans, durée 50 minutes.', 'Un goûter est offert aux enfants à la sortie.'], tags: ['jeune public', 'en famille'], hours: [[10, 30], [15, 0], [16, 0]], minutes: 60, free: 0.4, price: [400, 1000] },
  { weight: 3, categories: ['famille'], places: ['park'], titles: ['Vide-grenier', 'Brocante {x}', 'Vide-grenier {ofQuarter}', 'Troc de plantes'], fill: ['du dimanche', 'des collectionneurs', 'vintage'], blurbs: ['Plus de cent exposants, restauration sur place.', 'Emplacements réservés aux particuliers.'], tags: ['vide-grenier', 'brocante'], hours: [[8, 0], [7, 0]], minutes: 600, free: 1, price: [0, 0], months: [3, 4, 5, 6, 7, 8, 9, 10] },
  { weight: 3, categories: ['conference'], places: ['museum', 'park'], titles: ['Visite guidée : {x}', 'Balade commentée : {x}'], fill: ['{city} insolite', '{city} la nuit', 'les secrets de la vieille ville', 'l’architecture Art déco', 'le street art {ofQuarter}', 'les jardins cachés'], blurbs: ['Départ devant l’office de tourisme, prévoir de bonnes chaussures.', 'Un guide conférencier vous raconte la ville autrement.'], tags: ['visite guidée', 'patrimoine'], hours: [[10, 0], [15, 0], [21, 0]], minutes: 90, free: 0.4, price: [500, 1200] },
];
const PRACTICAL = ['Ouverture des portes 30 minutes avant.', 'Bar et petite restauration sur place.', 'Accessible aux personnes à mobilité réduite.', 'Réservation conseillée, places limitées.'];

// ---------------------------------------------------------------------------------------------
// Paris wall-clock time, without Intl in the hot loop: summer time runs from the last Sunday
// of March to the last Sunday of October, 01:00 UTC both.

function lastSunday(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
}
function parisOffset(utc: number): number {
  const year = new Date(utc).getUTCFullYear();
  return utc >= lastSunday(year, 2) && utc < lastSunday(year, 9) ? 2 * HOUR : HOUR;
}
/** The UTC instant of a Paris wall-clock time on the day that `day` (a UTC midnight) names. */
function parisTime(day: number, hour: number, minute: number): number {
  const wall = day + hour * HOUR + minute * 60_000;
  return wall - parisOffset(wall - HOUR);
}
const iso = (ms: number) => new Date(ms).toISOString();

// ---------------------------------------------------------------------------------------------
// Records: each a pure function of its index (and of the demo's categories and place types).

const slugify = (text: string) => normalizeText(text).replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

/** "de la Croix-Rousse", "du Vieux-Lille", "des Chartrons", "de Wazemmes". */
function ofQuarter(quarter: string): string {
  if (quarter.startsWith('le ')) return `du ${quarter.slice(3)}`;
  if (quarter.startsWith('les ')) return `des ${quarter.slice(4)}`;
  return `de ${quarter}`;
}

/** A city index, weighted by size; the first ten records cover the ten cities. */
function cityOf(r: Rng, index: number): number {
  return index < VOLUME_CITIES.length ? index : VOLUME_CITIES.indexOf(r.weighted(VOLUME_CITIES));
}

interface PlaceMeta {
  city: number;
  kind: PlaceKind;
  name: string;
  hasOrganization: boolean;
}
function placeMeta(index: number): { meta: PlaceMeta; r: Rng } {
  const r = rng('places', index);
  const city = cityOf(r, index);
  const { kind } = r.weighted(PLACE_KINDS);
  const { heads, tails } = PLACE_NAMES[kind];
  const name = `${r.pick(heads)} ${r.pick(tails)}`.trim();
  return { meta: { city, kind, name, hasOrganization: r.chance(0.25) }, r };
}

function organizationMeta(index: number): { city: number; r: Rng } {
  const r = rng('organizations', index);
  return { city: cityOf(r, index), r };
}

function artistMeta(index: number): { name: string; genres: string[]; r: Rng } {
  const r = rng('artists', index);
  const genre = r.weighted(GENRES);
  const name = r.pick(genre.names)(r);
  const second = genre.name !== 'humour' && r.chance(0.3) ? r.pick(MUSIC) : undefined;
  return { name, genres: second && second !== genre.name ? [genre.name, second] : [genre.name], r };
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/** What records refer to: the demo's categories and place types, and the generated records by city, kind and genre. */
class VolumeContext {
  readonly ids: Record<'places' | 'organizations' | 'artists', string[]>;
  readonly places: PlaceMeta[] = [];
  readonly artistNames: string[] = [];
  /** The organisation of each place that has one. */
  readonly placeOrganizations = new Map<number, number>();
  readonly placesByCity: number[][] = VOLUME_CITIES.map(() => []);
  readonly organizationsByCity: number[][] = VOLUME_CITIES.map(() => []);
  private readonly placesByCityKind = new Map<string, number[]>();
  private readonly artistsByGenre = new Map<string, number[]>();
  private readonly cache = new Map<string, number[]>();
  /** Paris's calendar day of `now`, as a UTC midnight. */
  readonly today: number;

  constructor(
    readonly sizes: VolumeCounts,
    readonly now: number,
    readonly categoryIds: Map<string, string>,
    readonly placeTypeIds: Map<PlaceKind, string>,
  ) {
    this.today = Math.floor((now + parisOffset(now)) / DAY) * DAY;
    const ids = (resource: VolumeResource, n: number) => Array.from({ length: n }, (_, i) => volumeId(resource, i));
    this.ids = { places: ids('places', sizes.places), organizations: ids('organizations', sizes.organizations), artists: ids('artists', sizes.artists) };
    for (let i = 0; i < sizes.organizations; i++) this.organizationsByCity[organizationMeta(i).city]!.push(i);
    for (let i = 0; i < sizes.places; i++) {
      const { meta, r } = placeMeta(i);
      this.places.push(meta);
      this.placesByCity[meta.city]!.push(i);
      push(this.placesByCityKind, `${meta.city}:${meta.kind}`, i);
      if (meta.hasOrganization) this.placeOrganizations.set(i, r.pick(this.organizationsByCity[meta.city]!));
    }
    for (let i = 0; i < sizes.artists; i++) {
      const { name, genres } = artistMeta(i);
      this.artistNames.push(name);
      for (const genre of genres) push(this.artistsByGenre, genre, i);
    }
  }

  /** The places of a city where a theme takes place (any place of the city when none fits). */
  placesFor(city: number, theme: Theme): number[] {
    return this.cached(`places:${city}:${theme.places.join()}`, () => {
      const fitting = theme.places.flatMap((kind) => this.placesByCityKind.get(`${city}:${kind}`) ?? []);
      return fitting.length ? fitting : this.placesByCity[city]!;
    });
  }

  /** The artists of a theme's genres (every artist when none fits). */
  artistsFor(genres: string[]): number[] {
    return this.cached(`artists:${genres.join()}`, () => {
      const fitting = [...new Set(genres.flatMap((genre) => this.artistsByGenre.get(genre) ?? []))];
      return fitting.length ? fitting : Array.from({ length: this.sizes.artists }, (_, i) => i);
    });
  }

  private cached(key: string, make: () => number[]): number[] {
    let value = this.cache.get(key);
    if (!value) this.cache.set(key, (value = make()));
    return value;
  }
}

async function loadContext(db: Db, sizes: VolumeCounts, now: number): Promise<VolumeContext> {
  const categories = await db.query<{ id: string; slug: string }>('SELECT id, slug FROM event_categories');
  const types = await db.query<{ id: string; name: string }>('SELECT id, name FROM place_types ORDER BY id');
  const placeTypeIds = new Map<PlaceKind, string>();
  for (const { id, name } of types) {
    const kind = PLACE_TYPE_NAMES[normalizeText(name)];
    if (kind && !placeTypeIds.has(kind)) placeTypeIds.set(kind, id);
  }
  return new VolumeContext(sizes, now, new Map(categories.map((c) => [c.slug, c.id])), placeTypeIds);
}

function buildPlace(index: number, context: VolumeContext): Data {
  const { meta, r } = placeMeta(index);
  const city = VOLUME_CITIES[meta.city]!;
  const slug = `${slugify(meta.name).slice(0, 50).replace(/-+$/, '')}-${slugify(city.name)}-${index.toString(36)}`;
  const typeId = context.placeTypeIds.get(meta.kind);
  const organization = context.placeOrganizations.get(index);
  const bar = ['17:00-01:00'];
  const late = ['17:00-02:00'];
  const meals = ['12:00-14:00', '19:00-22:30'];
  return {
    name: meta.name,
    slug,
    ...(typeId ? { typeId } : {}),
    description: `${meta.name}, ${r.pick(['au cœur', 'dans le quartier', 'à deux pas'])} ${ofQuarter(r.pick(city.quarters))}, à ${city.name}.`,
    address: { street: `${r.int(1, 180)} ${r.pick(city.streets)}`, postalCode: r.pick(city.postalCodes), city: city.name },
    location: { lat: Math.round((city.lat + (r.next() - 0.5) * 0.06) * 1e5) / 1e5, lng: Math.round((city.lng + (r.next() - 0.5) * 0.08) * 1e5) / 1e5 },
    phone: [city.phone, ...[0, 1, 2].map(() => String(r.int(0, 99)).padStart(2, '0'))].join(' '),
    website: `https://www.example.org/lieux/${slug}`,
    socials: {},
    images: [],
    openingHours: meta.kind === 'bar' ? { tue: bar, wed: bar, thu: bar, fri: late, sat: late } : meta.kind === 'restaurant' ? { tue: meals, wed: meals, thu: meals, fri: meals, sat: meals } : {},
    ...(organization !== undefined ? { organizationId: context.ids.organizations[organization] } : {}),
  };
}

function buildOrganization(index: number): Data {
  const { city: cityIndex, r } = organizationMeta(index);
  const city = VOLUME_CITIES[cityIndex]!;
  const name = r.pick([
    () => `${r.pick(ORG_PREFIXES)} ${r.pick(ORG_NAMES)}`,
    () => `${r.pick(['Comité des fêtes', 'Maison de quartier'])} ${ofQuarter(r.pick(city.quarters))}`,
    () => `Les Amis ${r.pick(['de la musique', 'de la scène', 'du livre', 'de la danse', 'de l’opéra', 'du patrimoine'])}`,
  ])();
  const slug = `${slugify(name).slice(0, 50).replace(/-+$/, '')}-${index.toString(36)}`;
  return {
    name: `${name} (${city.name})`,
    description: `Basée à ${city.name} depuis ${r.int(1975, 2022)}, l’équipe ${r.pick(ORG_MISSIONS)}.`,
    website: `https://www.example.org/organisations/${slug}`,
    memberIds: [],
  };
}

function buildArtist(index: number): Data {
  const { name, genres, r } = artistMeta(index);
  // Artist slugs are 20 characters at most; the index (base 36) after the last hyphen keeps them unique.
  const suffix = index.toString(36);
  const slug = `${slugify(name).slice(0, 19 - suffix.length).replace(/-+$/, '') || 'artiste'}-${suffix}`;
  const city = r.pick(VOLUME_CITIES).name;
  const bio = r.pick([
    () => `Originaire de ${city}, sur scène depuis ${r.int(1998, 2023)}.`,
    () => `Plus de ${r.int(2, 40) * 10} dates depuis des débuts en ${r.int(2005, 2023)}.`,
    () => `Révélation de la scène ${genres[0]} de ${city}.`,
    () => `Un univers ${genres.join(' et ')} qui ne ressemble à aucun autre.`,
  ])();
  return { name, slug, bio: `${name} : ${genres.join(', ')}. ${bio}`, genres, links: { website: `https://www.example.org/artistes/${slug}` } };
}

const THEMES_BY_MONTH = Array.from({ length: 13 }, (_, month) => THEMES.filter((theme) => !theme.months || theme.months.includes(month)));

function buildEvent(index: number, id: string, context: VolumeContext): Data {
  const r = rng('events', index);
  const refs = rng('eventReferences', index);
  // A year around now: 121 days before, 243 after (a third in the past).
  const day = context.today + r.int(-121, 243) * DAY;
  const theme = r.weighted(THEMES_BY_MONTH[new Date(day).getUTCMonth() + 1]!);
  const cityIndex = VOLUME_CITIES.indexOf(r.weighted(VOLUME_CITIES));
  const city = VOLUME_CITIES[cityIndex]!;
  const place = refs.pick(context.placesFor(cityIndex, theme));
  const placeOrganization = context.placeOrganizations.get(place);
  const organization = placeOrganization !== undefined && refs.chance(0.7) ? placeOrganization : refs.chance(0.5) ? refs.pick(context.organizationsByCity[cityIndex]!) : undefined;

  const artists: number[] = [];
  if (theme.genres) {
    const pool = context.artistsFor(theme.genres);
    const wanted = Math.min(refs.int(1, theme.artists ?? 1), pool.length);
    while (artists.length < wanted) {
      const artist = refs.pick(pool);
      if (!artists.includes(artist)) artists.push(artist);
    }
  }
  const names = artists.map((artist) => context.artistNames[artist]!);
  // {x} first: a filler may hold {city} or {ofQuarter}.
  const title = r
    .pick(theme.titles)
    .replace('{artist}', names[0] ?? 'invités surprise')
    .replace('{x}', theme.fill ? r.pick(theme.fill) : '')
    .replace('{city}', city.name)
    .replace('{ofQuarter}', ofQuarter(r.pick(city.quarters)));

  const [hour, minute] = r.pick(theme.hours);
  const startsAt = parisTime(day, hour, minute);
  const endsAt = theme.days ? parisTime(day + (r.int(...theme.days) - 1) * DAY, 19, 0) : startsAt + (theme.minutes ?? 120) * 60_000;
  const free = r.chance(theme.free);
  const min = Math.round(r.int(...theme.price) / 50) * 50;
  const price = free ? { free: true as const } : { min, max: r.chance(0.4) ? Math.round((min * (1 + r.next())) / 50) * 50 : min };
  const roll = r.next();
  const status = roll < 0.03 ? 'draft' : roll < 0.05 ? 'cancelled' : 'published';
  const categoryIds = theme.categories.map((slug) => context.categoryIds.get(slug)).filter((category): category is string => category !== undefined);
  const lines = [`**${title}** — ${context.places[place]!.name}, ${city.name}.`, r.pick(theme.blurbs)];
  if (names.length > 1) lines.push(`Avec ${names.slice(0, -1).join(', ')} et ${names.at(-1)}.`);
  lines.push(free ? 'Entrée libre.' : 'Tarif réduit pour les étudiants et les demandeurs d’emploi.', r.pick(PRACTICAL));

  return {
    title,
    description: lines.join(' '),
    startsAt: iso(startsAt),
    endsAt: iso(endsAt),
    placeId: context.ids.places[place],
    ...(organization !== undefined ? { organizationId: context.ids.organizations[organization] } : {}),
    artistIds: artists.map((artist) => context.ids.artists[artist]),
    categoryIds,
    city: city.name,
    price,
    ...(free ? {} : { ticketUrl: `https://billetterie.example.org/e/${id}` }),
    status,
    tags: [...theme.tags, city.name.toLowerCase(), ...(free ? ['gratuit'] : [])],
  };
}

/** The record as the API stores it: parsed by its core input schema (defaults applied), plus the server's fields. */
function asStored(resource: VolumeResource, index: number, data: Data): Data {
  const parsed = RESOURCES[resource].input.safeParse(data);
  if (!parsed.success) throw new Error(`Enregistrement généré invalide (${resource} n° ${index}) : ${parsed.error.message}`);
  // The fields the server sets itself on creation, as POST /api/{resource} does.
  return { ...recordOf(parsed.data), ...RESOURCE_POLICY[resource].serverFields };
}

function volumeRecord(resource: VolumeResource, index: number, id: string, context: VolumeContext): Data {
  switch (resource) {
    case 'places':
      return asStored(resource, index, buildPlace(index, context));
    case 'organizations':
      return asStored(resource, index, buildOrganization(index));
    case 'artists':
      return asStored(resource, index, buildArtist(index));
    case 'events':
      return asStored(resource, index, buildEvent(index, id, context));
  }
}

// ---------------------------------------------------------------------------------------------
// Writing.

/** One multi-row INSERT with the columns Store.insert writes (search_tsv is generated by the database). */
async function insertRows(db: Db, resource: VolumeResource, rows: Array<{ id: string; data: Data }>): Promise<number> {
  const kind = ENTITIES[resource];
  const columns = Object.keys(kind.columns);
  const names = ['id', 'data', ...columns, ...(kind.search ? ['search'] : [])];
  const params: unknown[] = [];
  const tuples = rows.map(({ id, data }) => {
    const first = params.length + 1;
    params.push(id, JSON.stringify(data), ...columns.map((column) => kind.columns[column]!(data)));
    if (kind.search) params.push(kind.search(data));
    return `(${names.map((_, i) => `$${first + i}`).join(', ')})`;
  });
  const [row] = await db.query<{ added: number | string }>(
    `WITH added AS (INSERT INTO ${kind.table} (${names.join(', ')}) VALUES ${tuples.join(', ')} ON CONFLICT (id) DO NOTHING RETURNING 1) SELECT count(*) AS added FROM added`,
    params,
  );
  return Number(row?.added ?? 0);
}

/** Writes records 0..total-1 of a kind that are not there yet; returns how many were added. */
async function writeAll(db: Db, resource: VolumeResource, total: number, context: VolumeContext, onProgress: VolumeOptions['onProgress']): Promise<number> {
  const table = ENTITIES[resource].table;
  let added = 0;
  for (let start = 0; start < total; start += CHUNK) {
    const ids = Array.from({ length: Math.min(CHUNK, total - start) }, (_, i) => volumeId(resource, start + i));
    added += await db.transaction(async (tx) => {
      const present = new Set((await tx.query<{ id: string }>(`SELECT id FROM ${table} WHERE id = ANY($1::text[])`, [ids])).map((row) => row.id));
      const missing = ids.map((id, i) => ({ id, index: start + i })).filter(({ id }) => !present.has(id));
      let inChunk = 0;
      // The next batch is built while the database writes the previous one.
      let pending: Promise<number> | undefined;
      try {
        for (let b = 0; b < missing.length; b += BATCH) {
          const rows = missing.slice(b, b + BATCH).map(({ id, index }) => ({ id, data: volumeRecord(resource, index, id, context) }));
          if (pending) inChunk += await pending;
          pending = insertRows(tx, resource, rows);
        }
        if (pending) inChunk += await pending;
      } catch (error) {
        await pending?.catch(() => undefined);
        throw error;
      }
      return inChunk;
    });
    onProgress?.({ resource, done: Math.min(start + CHUNK, total), total });
  }
  return added;
}

/**
 * Generates `events` French events and their places, organisations and artists, adding only
 * the rows that are missing, then refreshes the planner's statistics of the tables it wrote.
 * The database must hold the demo's categories and place types (load the demo first).
 */
export async function seedVolume(db: Db, options: VolumeOptions): Promise<VolumeResult> {
  if (!Number.isInteger(options.events) || options.events < 1) throw new Error(`Nombre d’événements invalide : ${options.events} (entier positif attendu).`);
  const started = performance.now();
  const sizes = volumeSizes(options.events);
  const context = await loadContext(db, sizes, options.now ?? Date.now());
  const added: VolumeCounts = { places: 0, organizations: 0, artists: 0, events: 0 };
  // The referenced records first, so an interrupted run never leaves events pointing nowhere.
  for (const resource of ['organizations', 'places', 'artists', 'events'] as const) {
    added[resource] = await writeAll(db, resource, sizes[resource], context, options.onProgress);
  }
  // The tables the triggers derive from the events (the migrations that made them may not have run).
  const derived = await db.query<{ name: string }>(`SELECT name FROM unnest(ARRAY['search_words', 'events_by_category', 'events_by_city']) AS name WHERE to_regclass(name) IS NOT NULL`);
  // VACUUM too: PGlite runs no autovacuum, and the visibility map and statistics serve every later query.
  await db.query(`VACUUM ANALYZE ${['events', 'places', 'organizations', 'artists', ...derived.map((table) => table.name)].join(', ')}`);
  return { planned: sizes, added, cities: VOLUME_CITIES.map((c) => c.name), seconds: (performance.now() - started) / 1000 };
}
