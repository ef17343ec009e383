import { describe, expect, it } from 'vitest';
import { ICON_ID_PATTERN, ICON_IDS, ICON_NAMES, iconName, searchIcons } from './icons';
import { EventCategoryInputSchema } from './schemas/events.schema';

describe('the icon catalogue', () => {
  it('names every icon in French, once, with a valid identifier', () => {
    expect(ICON_IDS.length).toBeGreaterThan(100);
    for (const id of ICON_IDS) expect(id).toMatch(ICON_ID_PATTERN);
    const names = Object.values(ICON_NAMES);
    expect(new Set(names).size).toBe(names.length);
    expect(iconName('mdiMusic')).toBe('Musique');
    expect(iconName('mdiUnicorn')).toBe('Icône hors catalogue (mdiUnicorn)');
  });

  it('holds every icon the demo data uses', () => {
    for (const id of ['mdiGlassMugVariant', 'mdiMusic', 'mdiDramaMasks', 'mdiBank', 'mdiSilverwareForkKnife', 'mdiTree', 'mdiPalette', 'mdiHeadQuestion', 'mdiPartyPopper', 'mdiGamepadVariant', 'mdiHumanMaleChild', 'mdiMicrophoneVariant', 'mdiShoePrint', 'mdiWeatherNight', 'mdiMedal', 'mdiCalendar', 'mdiMapMarker', 'mdiTrophy', 'mdiStar']) {
      expect(ICON_NAMES, id).toHaveProperty(id);
    }
  });

  it('finds icons by their French name, accents and case aside, names starting with the word first', () => {
    expect(searchIcons('fete')).toEqual(['mdiPartyPopper']);
    expect(searchIcons('ÉCHECS')).toEqual(['mdiChessKnight']);
    expect(searchIcons('biere')).toEqual(['mdiBeer', 'mdiGlassMugVariant']);
    expect(searchIcons('guitare elec')).toEqual(['mdiGuitarElectric']);
    expect(searchIcons('cœur')).toEqual(['mdiHeart']);
    expect(searchIcons('coeur')).toEqual(['mdiHeart']);
    expect(searchIcons('jeu')[0]).toBe('mdiCardsPlaying');
    expect(searchIcons('zzz')).toEqual([]);
    expect(searchIcons('  ')).toEqual(ICON_IDS);
  });

  it('still accepts any Material Design identifier through the API, and refuses what is not one in French', () => {
    expect(EventCategoryInputSchema.safeParse({ name: 'Cirque', slug: 'cirque', icon: 'mdiUnicorn' }).success).toBe(true);
    const refused = EventCategoryInputSchema.safeParse({ name: 'Cirque', slug: 'cirque', icon: 'licorne' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/^Icône attendue/);
  });
});
