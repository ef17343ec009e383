import { describe, expect, it } from 'vitest';
import {
  capitalise,
  elide,
  foldAccents,
  foldText,
  formatDate,
  formatDateTime,
  formatDay,
  formatDayRange,
  formatDuration,
  formatNumber,
  formatNumericDateTime,
  formatNumericDateTimeSeconds,
  formatPrice,
  formatPriceRange,
  formatShortDate,
  formatShortDay,
  formatTime,
  formatWait,
  frenchDate,
  frenchDateTime,
  frenchTime,
  plural,
  slugify,
} from './french-format';

describe('plural', () => {
  it('puts 0 and 1 in the singular, as French does, and 2 or more in the plural', () => {
    expect(plural(0, 'participation')).toBe('0 participation');
    expect(plural(1, 'participation')).toBe('1 participation');
    expect(plural(2, 'participation')).toBe('2 participations');
    expect(plural(2, 'jeu', 'jeux')).toBe('2 jeux');
  });
  it('keeps a fraction below 2 and a negative count of one in the singular', () => {
    expect(plural(1.5, 'heure')).toBe('1,5 heure');
    expect(plural(-1, 'point')).toBe('-1 point');
    expect(plural(-3, 'point')).toBe('-3 points');
  });
  it('writes the number as French does, with a narrow space between thousands', () => {
    expect(plural(1234, 'participation')).toBe('1\u202f234 participations');
    expect(plural(1_000_000, 'vue')).toBe('1\u202f000\u202f000 vues');
    expect(formatNumber(1234.5)).toBe('1\u202f234,5');
  });
});

describe('dates and times, in Paris whatever the machine’s zone', () => {
  // 19:30 UTC on a winter Saturday is 20:30 in Paris; 22:30 UTC is already Sunday there.
  const winterEvening = '2026-03-14T19:30:00.000Z';
  const afterParisMidnight = Date.parse('2026-03-14T23:30:00.000Z');
  const summerEvening = new Date('2026-07-14T20:00:00.000Z');

  it('says the day in full, with or without its year', () => {
    expect(formatDate(winterEvening)).toBe('samedi 14 mars 2026');
    expect(formatDate(afterParisMidnight)).toBe('dimanche 15 mars 2026');
    expect(formatDay(summerEvening)).toBe('mardi 14 juillet');
  });

  it('says the day shortly', () => {
    expect(formatShortDate(winterEvening)).toBe('14 mars');
    expect(formatShortDay(winterEvening)).toBe('sam. 14 mars');
  });

  it('says the time on a 24-hour clock, summer time included', () => {
    expect(formatTime(winterEvening)).toBe('20:30');
    expect(formatTime(summerEvening)).toBe('22:00');
  });

  it('says the day and the time together', () => {
    expect(formatDateTime(winterEvening)).toBe('samedi 14 mars à 20:30');
    expect(frenchDateTime('2026-12-26T13:30:00.000Z')).toBe('samedi 26 décembre 2026 à 14:30');
    expect(frenchDateTime(Date.parse('2026-07-14T20:00:00.000Z'))).toBe('mardi 14 juillet 2026 à 22:00');
    expect(formatNumericDateTime(winterEvening)).toBe('14/03/2026 20:30');
    expect(formatNumericDateTimeSeconds('2026-03-14T19:30:05.000Z')).toBe('14/03/2026 20:30:05');
  });

  it('gives back a date it cannot read as it came', () => {
    expect(frenchDateTime('pas une date')).toBe('pas une date');
  });

  it('says a range of days, both ends included', () => {
    expect(formatDayRange('2026-03-13T23:00:00.000Z', '2026-03-19T23:00:00.000Z')).toBe('du samedi 14 mars au vendredi 20 mars');
  });

  it('says a calendar day as the same day in every zone', () => {
    expect(frenchDate('2026-12-25')).toBe('vendredi 25 décembre 2026');
    expect(frenchDate('2026-03-29')).toBe('dimanche 29 mars 2026');
  });

  it('writes hours as French signs do', () => {
    expect(frenchTime('18:00')).toBe('18 h');
    expect(frenchTime('09:30')).toBe('9 h 30');
  });
});

describe('durations', () => {
  it('says a wait in seconds, then in whole minutes rounded up', () => {
    expect(formatWait(45)).toBe('45 s');
    expect(formatWait(60)).toBe('1 min');
    expect(formatWait(61)).toBe('2 min');
  });
  it('says how long something has lasted, from seconds to days', () => {
    expect(formatDuration(42)).toBe('42 s');
    expect(formatDuration(4 * 60 + 10)).toBe('4 min');
    expect(formatDuration(3 * 3600)).toBe('3 h 0 min');
    expect(formatDuration(2 * 86_400 + 3 * 3600 + 4 * 60)).toBe('2 j 3 h 4 min');
    expect(formatDuration(86_400 + 60)).toBe('1 j 0 h 1 min');
  });
});

describe('prices', () => {
  it('writes cents as euros, without decimals when whole', () => {
    expect(formatPrice(1250)).toBe('12,50\u00a0€');
    expect(formatPrice(1000)).toBe('10\u00a0€');
    expect(formatPrice(123_400)).toBe('1\u202f234\u00a0€');
  });
  it('says an event’s price: free, one price or a range', () => {
    expect(formatPriceRange({ free: true })).toBe('Gratuit');
    expect(formatPriceRange('free')).toBe('Gratuit');
    expect(formatPriceRange(null)).toBe('Gratuit');
    expect(formatPriceRange({ min: 0 })).toBe('Gratuit');
    expect(formatPriceRange({ min: 800, max: 800 })).toBe('8\u00a0€');
    expect(formatPriceRange({ min: 800, max: null })).toBe('8\u00a0€');
    expect(formatPriceRange({ min: 800, max: 1250 })).toBe('8\u00a0€ – 12,50\u00a0€');
  });
});

describe('words', () => {
  it('elides « de » before a vowel or an h', () => {
    expect(elide('Poitiers')).toBe('de Poitiers');
    expect(elide('Angers')).toBe('d’Angers');
    expect(elide('événement')).toBe('d’événement');
    expect(elide('hôtel')).toBe('d’hôtel');
    expect(elide('clé d’API')).toBe('de clé d’API');
    // A player's name: « Score d’Aitana », « la confirmation de Luigi ».
    expect(elide('Aitana')).toBe('d’Aitana');
    expect(elide('Luigi')).toBe('de Luigi');
    expect(elide('Élodie')).toBe('d’Élodie');
  });

  it('folds accents and case', () => {
    expect(foldAccents('Élément Çà ÔÎ')).toBe('element ca oi');
    expect(foldAccents('L’Été')).toBe('l’ete');
  });

  it('folds apostrophe variants too when searching', () => {
    expect(foldText('L’Été ‘x')).toBe("l'ete 'x");
  });

  it('makes a slug of a title, at most 60 characters by default', () => {
    expect(slugify('Fête de la musique !')).toBe('fete-de-la-musique');
    expect(slugify('  Soirée « Mario Kart » — l’après-midi ')).toBe('soiree-mario-kart-l-apres-midi');
    expect(slugify('!!!')).toBe('');
    expect(slugify('a'.repeat(80))).toHaveLength(60);
    expect(slugify('Concert au Confort Moderne', 12)).toBe('concert-au-c');
  });
});

describe('capitalise', () => {
  it('puts the first letter in capital, accents kept, the rest untouched', () => {
    expect(capitalise('inscriptions ouvertes')).toBe('Inscriptions ouvertes');
    expect(capitalise('écran du lieu')).toBe('Écran du lieu');
    expect(capitalise('')).toBe('');
  });
});
