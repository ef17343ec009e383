import { describe, expect, it } from 'vitest';
import { frenchRange, frenchTime, openingHoursLines } from './opening-hours';

describe('opening hours in French', () => {
  it('writes times the French way', () => {
    expect(frenchTime('18:00')).toBe('18 h');
    expect(frenchTime('09:30')).toBe('9 h 30');
    expect(frenchRange('18:00-02:00')).toBe('18 h – 2 h');
  });

  it('lists every weekday from Monday, closed days included, with several ranges a day', () => {
    const lines = openingHoursLines({ tue: ['12:00-14:00', '19:00-23:30'], sat: ['18:00-02:00'] });
    expect(lines.map((l) => l.day)).toEqual(['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche']);
    expect(lines[0]).toEqual({ day: 'Lundi', hours: 'Fermé' });
    expect(lines[1]).toEqual({ day: 'Mardi', hours: '12 h – 14 h, 19 h – 23 h 30' });
    expect(lines[5]).toEqual({ day: 'Samedi', hours: '18 h – 2 h' });
  });

  it('says nothing when no hours are known', () => {
    expect(openingHoursLines({})).toEqual([]);
    expect(openingHoursLines(undefined)).toEqual([]);
    expect(openingHoursLines({ mon: [] })).toEqual([]);
  });
});
