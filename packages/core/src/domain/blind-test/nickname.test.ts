import { describe, expect, it } from 'vitest';
import { checkNickname, isInsulting } from './nickname';

describe('nicknames', () => {
  it.each(['c0nnard', 'xXconnardXx', 'Gros Con-nard', 'nique', 'Nique ta mère', 'pute', 'PD', 'f.d.p', 'Hitler78', 'sal0pe', 'Le Bâtard'])('refuses « %s »', (nickname) => {
    expect(isInsulting(nickname)).toBe(true);
  });

  it.each(['Dominique', 'Véronique', 'Monique', 'Computer', 'Députée', 'Merdeka', 'Yoshitaka', 'Lapdog', 'Salopette', 'Bitcoin', 'Léa', 'Kiki du 86'])('accepts « %s »', (nickname) => {
    expect(isInsulting(nickname)).toBe(false);
  });

  it('trims, and refuses the same nickname in another case or spelling', () => {
    expect(checkNickname('  Léa   la  Fée ', [])).toBe('Léa la Fée');
    expect(() => checkNickname('LEA', ['Léa'])).toThrow('« LEA » est déjà pris');
    expect(() => checkNickname('L3a', ['Léa'])).toThrow('déjà pris');
  });
});
