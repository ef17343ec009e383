import { refuseGame } from './blind-test.errors';

/*
 * Nicknames on a bar's big screen: unique in the game whatever the case, accents or spacing,
 * and not one of the obvious insults (in their common spellings, inside a longer nickname too).
 */

/** Insults refused as a word of the nickname: « nique » alone, not « Dominique ». */
const INSULT_WORDS = new Set(['pute', 'putes', 'nique', 'niquer', 'pd', 'fdp', 'ntm', 'bite', 'merde', 'fuck', 'shit', 'bitch', 'nazi', 'negro', 'salope', 'batard', 'tapette', 'encule', 'enculer']);
/** Insults refused anywhere, even run into other letters (« xXconnardXx »): none is part of an ordinary name. */
const INSULT_STEMS = ['connard', 'connasse', 'enculé', 'putain', 'bougnoul', 'youpin', 'hitler', 'couille'].map((word) => word.normalize('NFKD').replace(/\p{M}/gu, ''));
/** Letters written as figures or signs, as people dodge a filter. */
const LOOKALIKES: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '€': 'e' };

/** Keys already made: a join compares its nickname with up to 2,000 others, the same ones each time. */
const keys = new Map<string, string>();
const KEYS_KEPT = 20_000;

/** The nickname as compared: lower case, no accents, figures read as letters, letters only. */
export function nicknameKey(nickname: string): string {
  const known = keys.get(nickname);
  if (known !== undefined) return known;
  if (keys.size >= KEYS_KEPT) keys.clear();
  const key = keyOf(nickname);
  keys.set(nickname, key);
  return key;
}

function keyOf(nickname: string): string {
  return nickname
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('fr')
    .replace(/[013457@$€]/g, (c) => LOOKALIKES[c] ?? c)
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** Whether a nickname holds an insult, as a word of its own or, for the few unmistakable ones, anywhere. */
export function isInsulting(nickname: string): boolean {
  const words = nickname.split(/[\s._\-'’]+/).map(nicknameKey).filter(Boolean);
  const key = nicknameKey(nickname);
  return words.some((word) => INSULT_WORDS.has(word)) || INSULT_WORDS.has(key) || INSULT_STEMS.some((stem) => key.includes(stem));
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
