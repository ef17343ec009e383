import { refuseGame } from './blind-test.errors';

/*
 * Nicknames on a bar's big screen: unique in the game whatever the case, accents or spacing,
 * and not one of the obvious insults (in their common spellings, inside a longer nickname too).
 */

const INSULTS = ['connard', 'connasse', 'salope', 'encule', 'enculer', 'pute', 'putain', 'batard', 'nique', 'fdp', 'ntm', 'pd', 'tapette', 'negro', 'bougnoul', 'youpin', 'merde', 'bite', 'couille', 'fuck', 'shit', 'bitch', 'nazi', 'hitler'];
/** Letters written as figures or signs, as people dodge a filter. */
const LOOKALIKES: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '€': 'e' };

/** The nickname as compared: lower case, no accents, figures read as letters, letters only. */
export function nicknameKey(nickname: string): string {
  return nickname
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('fr')
    .replace(/[013457@$€]/g, (c) => LOOKALIKES[c] ?? c)
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** Short insults count only as the whole nickname (« pd » is in « Lapdog »), longer ones anywhere. */
export function isInsulting(nickname: string): boolean {
  const key = nicknameKey(nickname);
  return INSULTS.some((word) => (word.length <= 3 ? key === word : key.includes(word)));
}

/** A nickname fit for the screen, trimmed, or a French refusal. */
export function checkNickname(nickname: string, taken: readonly string[]): string {
  const clean = nickname.replace(/\s+/g, ' ').trim();
  if (clean.length < 2 || clean.length > 24) refuseGame('Le pseudo doit faire de 2 à 24 caractères.');
  if (nicknameKey(clean) === '') refuseGame('Le pseudo doit contenir des lettres ou des chiffres.');
  if (isInsulting(clean)) refuseGame('Ce pseudo n’est pas accepté : choisissez-en un autre.');
  const key = nicknameKey(clean);
  if (taken.some((other) => nicknameKey(other) === key)) refuseGame(`« ${clean} » est déjà pris : choisissez un autre pseudo.`);
  return clean;
}
