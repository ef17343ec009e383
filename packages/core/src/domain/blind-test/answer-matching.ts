/*
 * French answer matching for blind tests: what a fair quiz host accepts. Case, accents,
 * punctuation and spacing never count; a leading article is optional; « & », « and » and « et »
 * are one word; in the expected title, what is in parentheses or brackets, after « - » or after
 * « feat. » is optional; small typos pass in proportion to the length, none on short answers;
 * a word or two of a long title is not the title.
 */

const ARTICLES = new Set(['le', 'la', 'les', 'l', 'the']);
const AND_WORDS = new Set(['and', 'et']);

/** Lower case, no accents, ligatures spelled out, « & » as a word, every other sign a space. */
function words(text: string): string[] {
  const plain = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('fr')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .replace(/&/g, ' et ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return plain === '' ? [] : plain.split(' ').map((word) => (AND_WORDS.has(word) ? 'et' : word));
}

/** The words without a leading article, joined without spaces: « Les Rita Mitsouko » and « rita-mitsouko » alike. */
function key(text: string): string {
  const list = words(text);
  while (list.length > 1 && ARTICLES.has(list[0]!)) list.shift();
  return list.join('');
}

/** The forms of an expected answer a player may give: whole, and with its optional parts left out. */
export function acceptedForms(expected: string): string[] {
  const forms = new Set<string>([expected.trim()]);
  const withoutBrackets = expected.replace(/\s*[([{][^)\]}]*[)\]}]/g, ' ');
  const beforeDash = (text: string) => text.split(/\s[-–—]\s/)[0]!;
  const withoutFeat = (text: string) => text.split(/\s(?:feat\.?|ft\.?|featuring)\s/i)[0]!;
  for (const form of [withoutBrackets, beforeDash(expected), beforeDash(withoutBrackets), withoutFeat(expected), withoutFeat(beforeDash(withoutBrackets))]) {
    if (key(form) !== '') forms.add(form.replace(/\s+/g, ' ').trim());
  }
  return [...forms];
}

/** The typos allowed for an answer of `length` letters: none up to 4, then one more per 4 letters, at most 3. */
export function typosAllowed(length: number): number {
  if (length <= 4) return 0;
  return Math.min(3, Math.ceil((length - 4) / 4));
}

/** Optimal string alignment distance (Damerau–Levenshtein without moves): a swap of two neighbours is one typo. */
export function editDistance(a: string, b: string, ceiling = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > ceiling) return ceiling + 1;
  let previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, previous2[j - 2]! + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > ceiling) return ceiling + 1;
    previous2 = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** Whether `given` is one of the `expected` answers, as a fair quiz host would judge it. */
export function matchAnswer(given: string, expected: string | readonly string[]): boolean {
  const answer = key(given);
  if (answer === '') return false;
  const candidates = typeof expected === 'string' ? [expected] : expected;
  return candidates.some((candidate) =>
    acceptedForms(candidate).some((form) => {
      const target = key(form);
      if (target === '') return false;
      const allowed = typosAllowed(target.length);
      return answer === target || (allowed > 0 && editDistance(answer, target, allowed) <= allowed);
    }),
  );
}
