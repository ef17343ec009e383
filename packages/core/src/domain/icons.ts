import { foldText } from './french-format';

/**
 * The icons staff choose for event categories, place types and badges (issue 30): Material
 * Design icons, stored by their identifier (`mdiMusic`), shown and searched by a French name.
 * The web draws each of them; a value outside this list (written through the API) is still
 * accepted by ICON_ID_PATTERN, and shown as an unknown icon.
 */
export const ICON_ID_PATTERN = /^mdi[A-Z][A-Za-z0-9]*$/;

export const ICON_NAMES = {
  mdiCalendar: 'Calendrier',
  mdiCalendarStar: 'Calendrier étoilé',
  mdiMusic: 'Musique',
  mdiMusicNote: 'Note de musique',
  mdiGuitarElectric: 'Guitare électrique',
  mdiGuitarAcoustic: 'Guitare acoustique',
  mdiPiano: 'Piano',
  mdiSaxophone: 'Saxophone',
  mdiTrumpet: 'Trompette',
  mdiViolin: 'Violon',
  mdiMicrophoneVariant: 'Micro',
  mdiMicrophone: 'Micro de scène',
  mdiHeadphones: 'Casque audio',
  mdiSpeaker: 'Enceinte',
  mdiAlbum: 'Disque',
  mdiRecordPlayer: 'Platine vinyle',
  mdiDramaMasks: 'Théâtre',
  mdiDanceBallroom: 'Danse de salon',
  mdiHumanFemaleDance: 'Danse',
  mdiPalette: 'Peinture',
  mdiBrush: 'Pinceau',
  mdiDraw: 'Dessin',
  mdiCamera: 'Photographie',
  mdiFilmstrip: 'Cinéma',
  mdiMovieOpen: 'Film',
  mdiBookOpenVariant: 'Lecture',
  mdiLibrary: 'Bibliothèque',
  mdiBank: 'Musée',
  mdiCastle: 'Château',
  mdiChurch: 'Église',
  mdiHistory: 'Patrimoine',
  mdiMicroscope: 'Science',
  mdiTelescope: 'Astronomie',
  mdiSchool: 'Atelier',
  mdiHeadQuestion: 'Quiz',
  mdiCardsPlaying: 'Jeu de cartes',
  mdiChessKnight: 'Échecs',
  mdiDice5: 'Jeu de société',
  mdiGamepadVariant: 'Jeu vidéo',
  mdiController: 'Manette',
  mdiPuzzle: 'Puzzle',
  mdiBilliards: 'Billard',
  mdiBowling: 'Bowling',
  mdiTableTennis: 'Ping-pong',
  mdiSoccer: 'Football',
  mdiBasketball: 'Basket-ball',
  mdiRugby: 'Rugby',
  mdiVolleyball: 'Volley-ball',
  mdiTennis: 'Tennis',
  mdiRun: 'Course à pied',
  mdiBike: 'Vélo',
  mdiHiking: 'Randonnée',
  mdiSwim: 'Natation',
  mdiYoga: 'Yoga',
  mdiDumbbell: 'Sport en salle',
  mdiTrophy: 'Trophée',
  mdiMedal: 'Médaille',
  mdiPodium: 'Podium',
  mdiFlagCheckered: 'Drapeau à damier',
  mdiTarget: 'Cible',
  mdiPartyPopper: 'Fête',
  mdiBalloon: 'Ballon de baudruche',
  mdiCakeVariant: 'Gâteau d’anniversaire',
  mdiGift: 'Cadeau',
  mdiTicket: 'Billet',
  mdiTicketConfirmation: 'Billet validé',
  mdiStar: 'Étoile',
  mdiHeart: 'Cœur',
  mdiFire: 'Flamme',
  mdiLightningBolt: 'Éclair',
  mdiCrown: 'Couronne',
  mdiRocketLaunch: 'Fusée',
  mdiShoePrint: 'Empreinte de pas',
  mdiWeatherNight: 'Nuit',
  mdiWeatherSunny: 'Soleil',
  mdiMoonWaningCrescent: 'Lune',
  mdiGlassMugVariant: 'Chope de bière',
  mdiBeer: 'Bière',
  mdiGlassWine: 'Vin',
  mdiGlassCocktail: 'Cocktail',
  mdiBottleWine: 'Bouteille de vin',
  mdiCoffee: 'Café',
  mdiTea: 'Thé',
  mdiSilverwareForkKnife: 'Restaurant',
  mdiFood: 'Repas',
  mdiPizza: 'Pizza',
  mdiHamburger: 'Burger',
  mdiIceCream: 'Glace',
  mdiCupcake: 'Pâtisserie',
  mdiBaguette: 'Boulangerie',
  mdiStore: 'Boutique',
  mdiStorefront: 'Commerce',
  mdiShopping: 'Achats',
  mdiCart: 'Marché',
  mdiHome: 'Maison',
  mdiDomain: 'Immeuble',
  mdiStadium: 'Stade',
  mdiTent: 'Camping',
  mdiTree: 'Parc',
  mdiFlower: 'Fleur',
  mdiPineTree: 'Forêt',
  mdiBeach: 'Plage',
  mdiWater: 'Eau',
  mdiMapMarker: 'Repère sur la carte',
  mdiMapMarkerRadius: 'Quartier',
  mdiCity: 'Ville',
  mdiHumanMaleChild: 'En famille',
  mdiBabyCarriage: 'Poussette',
  mdiAccountGroup: 'Groupe',
  mdiHandshake: 'Rencontre',
  mdiMessageText: 'Discussion',
  mdiPresentation: 'Conférence',
  mdiLaptop: 'Numérique',
  mdiHammerWrench: 'Bricolage',
  mdiNeedle: 'Couture',
  mdiLeaf: 'Écologie',
  mdiRecycle: 'Recyclage',
  mdiDog: 'Chien',
  mdiCat: 'Chat',
  mdiHorse: 'Cheval',
  mdiPaw: 'Animaux',
  mdiBus: 'Bus',
  mdiTrain: 'Train',
  mdiParking: 'Parking',
  mdiWheelchairAccessibility: 'Accessible en fauteuil',
  mdiEarth: 'Monde',
  mdiTranslate: 'Langues',
  mdiHandHeart: 'Solidarité',
  mdiVote: 'Citoyenneté',
} as const satisfies Readonly<Record<string, string>>;

export type IconId = keyof typeof ICON_NAMES;
export const ICON_IDS = Object.keys(ICON_NAMES) as IconId[];

export const isKnownIcon = (id: unknown): id is IconId => typeof id === 'string' && Object.hasOwn(ICON_NAMES, id);

/** The French name of an icon; for one outside the catalogue, a sentence that says so. */
export function iconName(id: string): string {
  return isKnownIcon(id) ? ICON_NAMES[id] : `Icône hors catalogue (${id})`;
}

/** core's accent folding, with the ligatures French writes (« cœur » and « coeur » match). */
const fold = (text: string) => foldText(text).replace(/œ/g, 'oe').replace(/æ/g, 'ae');

/**
 * The icons whose French name holds every word of `query`, accents and case aside (« fete »
 * finds « Fête »): those whose name starts with the first word first, then those with a word
 * that starts with it, then the others, each in the catalogue's order. All of them for an empty query.
 */
export function searchIcons(query: string): IconId[] {
  const words = fold(query).split(/[^a-z0-9]+/).filter(Boolean);
  if (!words.length) return ICON_IDS;
  const first = words[0]!;
  const rank = (name: string) => (name.startsWith(first) ? 0 : name.split(/[^a-z0-9]+/).some((word) => word.startsWith(first)) ? 1 : 2);
  return ICON_IDS.map((id) => ({ id, name: fold(ICON_NAMES[id]) }))
    .filter(({ name }) => words.every((word) => name.includes(word)))
    .map(({ id, name }, order) => ({ id, order, rank: rank(name) }))
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map(({ id }) => id);
}
