import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptedForms, editDistance, matchAnswer, typosAllowed } from './answer-matching';

/** [what the player typed, what the question expects, accepted?] */
const TABLE: ReadonlyArray<[string, string | readonly string[], boolean]> = [
  // Case, accents, punctuation and spacing.
  ['la vie en rose', 'La Vie en rose', true],
  ['LA VIE EN ROSE', 'La Vie en rose', true],
  ['Edith Piaf', 'Édith Piaf', true],
  ['edith piaf', 'Édith Piaf', true],
  ['Ne me quitte pas', 'Ne me quitte pas', true],
  ['ne-me-quitte-pas', 'Ne me quitte pas', true],
  ['alors on danse', 'Alors on danse', true],
  ['Alors, on danse !', 'Alors on danse', true],
  ['stromae', 'Stromae', true],
  ['acdc', 'AC/DC', true],
  ['ac dc', 'AC/DC', true],
  ['Heroes', '“Heroes”', true],
  ['Noel', 'Noël', true],
  ['Celine Dion', 'Céline Dion', true],
  ['Francoise Hardy', 'Françoise Hardy', true],
  ['Oeuvre', 'Œuvre', true],
  ['daft punk', 'Daft Punk', true],
  ['Tous les garcons et les filles', 'Tous les garçons et les filles', true],
  ['  Mistral   gagnant ', 'Mistral gagnant', true],
  ['dont stop me now', 'Don’t Stop Me Now', true],
  // The name everyone gives the song: one short word off a long title, within its typos.
  ['Je ne regrette rien', 'Non, je ne regrette rien', true],
  ['Non je ne regrette rien', 'Non, je ne regrette rien', true],
  // Leading articles are optional, on either side.
  ['Beatles', 'The Beatles', true],
  ['the beatles', 'Beatles', true],
  ['Rita Mitsouko', 'Les Rita Mitsouko', true],
  ['les rita mitsouko', 'Les Rita Mitsouko', true],
  ['Aventurier', 'L’Aventurier', true],
  ["l'aventurier", 'L’Aventurier', true],
  ['Foule', 'La Foule', true],
  ['Rolling Stones', 'The Rolling Stones', true],
  ['Marseillaise', 'La Marseillaise', true],
  // « & », « and » and « et ».
  ['Simon and Garfunkel', 'Simon & Garfunkel', true],
  ['simon et garfunkel', 'Simon & Garfunkel', true],
  ['Earth Wind and Fire', 'Earth, Wind & Fire', true],
  ['Bigflo et Oli', 'Bigflo & Oli', true],
  ['bigflo and oli', 'Bigflo & Oli', true],
  ['Bigflo', 'Bigflo & Oli', false],
  // Optional parts of the expected title.
  ['Bohemian Rhapsody', 'Bohemian Rhapsody - Remastered 2011', true],
  ['Bohemian Rhapsody', 'Bohemian Rhapsody (Remastered 2011)', true],
  ['Bohemian Rhapsody Remastered 2011', 'Bohemian Rhapsody - Remastered 2011', true],
  ['Get Lucky', 'Get Lucky (feat. Pharrell Williams & Nile Rodgers)', true],
  ['Get Lucky', 'Get Lucky feat. Pharrell Williams', true],
  ['Despacito', 'Despacito ft. Justin Bieber', true],
  ['Papaoutai', 'Papaoutai [Radio Edit]', true],
  ['Formidable', 'Formidable (formidaable)', true],
  ['Dernière danse', 'Dernière danse - Version acoustique', true],
  // Typos in proportion to the length, none on short answers.
  ['Bohemian Rapsody', 'Bohemian Rhapsody', true],
  ['Bohemain Rhapsody', 'Bohemian Rhapsody', true],
  ['Jonny Halliday', 'Johnny Hallyday', true],
  ['Johny Haliday', 'Johnny Hallyday', true],
  ['Aznavur', 'Charles Aznavour', false],
  ['Charles Aznavur', 'Charles Aznavour', true],
  ['Stromaé', 'Stromae', true],
  ['Stromea', 'Stromae', true],
  ['Mylene Farmer', 'Mylène Farmer', true],
  ['Milene Farmer', 'Mylène Farmer', true],
  ['Queen', 'Queen', true],
  ['Quen', 'Queen', true],
  ['Muse', 'Muse', true],
  ['Mose', 'Muse', false],
  ['Abba', 'ABBA', true],
  ['Abbo', 'ABBA', false],
  ['Sia', 'Sia', true],
  ['Sie', 'Sia', false],
  ['M', '-M-', true],
  ['Indochine', 'Indochine', true],
  ['Indocine', 'Indochine', true],
  ['Indoc', 'Indochine', false],
  // A word or two of a long title is not the title.
  ['Bohemian', 'Bohemian Rhapsody', false],
  ['Rhapsody', 'Bohemian Rhapsody', false],
  ['Tous les garçons', 'Tous les garçons et les filles', false],
  ['Get', 'Get Lucky', false],
  ['Hotel', 'Hotel California', false],
  ['Stairway', 'Stairway to Heaven', false],
  ['Mistral', 'Mistral gagnant', false],
  // Other answers, and nothing at all.
  ['Dancing King', 'Dancing Queen', false],
  ['Rolling Stones', 'Rolling in the Deep', false],
  ['Hotel California', 'Hôtel Costes', false],
  ['Ne me quitte pas', 'Ne me secoue pas', false],
  ['Dancing Quen', 'Dancing Queen', true],
  ['Queen', 'Muse', false],
  ['Édith Piaf', 'Charles Aznavour', false],
  ['', 'Stromae', false],
  ['   ', 'Stromae', false],
  ['!!!', 'Stromae', false],
  ['The', 'The The', true],
  ['Les', 'Les Rita Mitsouko', false],
  // Several accepted answers.
  ['Johnny', ['Johnny Hallyday', 'Johnny'], true],
  ['Hallyday', ['Johnny Hallyday', 'Johnny'], false],
  ['Claude François', ['Claude François', 'Cloclo'], true],
  ['cloclo', ['Claude François', 'Cloclo'], true],
  ['Claude', ['Claude François', 'Cloclo'], false],
];

describe('matchAnswer', () => {
  it('holds at least sixty rows, accepted and refused', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(60);
    expect(TABLE.filter(([, , ok]) => ok).length).toBeGreaterThan(20);
    expect(TABLE.filter(([, , ok]) => !ok).length).toBeGreaterThan(20);
  });

  it.each(TABLE)('« %s » for « %s »: %s', (given, expected, accepted) => {
    expect(matchAnswer(given, expected)).toBe(accepted);
  });

  const TITLES = ['La Vie en rose', 'Alors on danse', 'Les Rita Mitsouko', 'Tous les garçons et les filles', 'L’Aventurier', 'Mylène Farmer', 'Bohemian Rhapsody', 'Françoise Hardy'];
  const stripAccents = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');

  it('accepts any casing of an accepted answer', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TITLES), fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }), (title, upper) => {
        const cased = [...title].map((c, i) => (upper[i % upper.length] ? c.toLocaleUpperCase('fr') : c.toLocaleLowerCase('fr'))).join('');
        return matchAnswer(cased, title);
      }),
    );
  });

  it('accepts an accepted answer without its accents, or with an article before it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TITLES), fc.constantFrom('', 'le ', 'la ', 'les ', 'l’', "l'", 'the ', 'The '), (title, article) => matchAnswer(article + stripAccents(title), title)),
    );
  });

  it('never accepts an empty answer, whatever is expected', () => {
    fc.assert(fc.property(fc.string(), (expected) => !matchAnswer('', expected) && !matchAnswer(' .,;', expected)));
  });
});

describe('the parts of the rule', () => {
  it('lists the optional forms of an expected title', () => {
    expect(acceptedForms('Get Lucky (feat. Pharrell Williams) - Radio Edit')).toEqual(expect.arrayContaining(['Get Lucky']));
  });

  it('allows no typo up to four letters, then one more per four, three at most', () => {
    expect([3, 4, 5, 8, 9, 12, 13, 40].map(typosAllowed)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
  });

  it('counts a swap of neighbours as one typo', () => {
    expect(editDistance('bohemain', 'bohemian')).toBe(1);
    expect(editDistance('abc', 'xyz')).toBe(3);
    expect(editDistance('abcdef', 'a', 2)).toBe(3);
  });
});
