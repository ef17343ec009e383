import { describe, expect, it } from 'vitest';
import { INSTAGRAM_CAPTION_MAX, InstagramPublishSchema, instagramCaption } from './integrations';

describe('the Instagram caption Sortie proposes', () => {
  it('says the title, the day and hour in Paris, the place and city, a short description and the link', () => {
    expect(
      instagramCaption({ title: 'Concert de Noël', startsAt: '2026-12-20T19:00:00.000Z', placeName: 'Le Confort Moderne', city: 'Poitiers', description: '**Chorale** et vin chaud.', url: 'https://sortie.example/events/abc' }),
    ).toBe('Concert de Noël\n\n📅 dimanche 20 décembre à 20:00\n📍 Le Confort Moderne, Poitiers\n\nChorale et vin chaud.\n\nInfos et réservation : https://sortie.example/events/abc');
  });

  it('shortens a long description and never exceeds Instagram’s limit', () => {
    const caption = instagramCaption({ title: 'T', startsAt: '2026-12-20T19:00:00.000Z', description: 'mot '.repeat(2000) });
    expect(caption.length).toBeLessThanOrEqual(INSTAGRAM_CAPTION_MAX);
    expect(caption).toContain('…');
  });

  it('refuses an empty caption or one over 2200 characters, in French', () => {
    expect(InstagramPublishSchema.safeParse({ caption: '  ' }).error?.issues[0]?.message).toBe('La légende est vide.');
    expect(InstagramPublishSchema.safeParse({ caption: 'x'.repeat(2201) }).error?.issues[0]?.message).toBe('2200 caractères au plus (limite d’Instagram).');
  });
});
