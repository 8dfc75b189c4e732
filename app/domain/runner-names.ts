/**
 * Finding a runner's number by the name they registered with (the organiser's
 * start list), for the runner who does not remember it. A name is compared as
 * words without case or accents ("José Núñez" is "jose nunez"), in any order,
 * each word typed the start of one of the name's ("ana garc" finds "Ana
 * García"). At least a first and a last name: a single word would list half a
 * race's registered people to anyone.
 */

/** The fewest words a name search takes, and the fewest letters each. */
export const NAME_MIN_WORDS = 2;
export const NAME_MIN_LETTERS = 2;
/** Longer than any name; a longer query is not a name. */
export const NAME_MAX_LENGTH = 80;
/** The most runners one search lists; beyond it the runner is asked for more of their name. */
export const NAME_MAX_MATCHES = 10;

/** A name's words without case, accents or punctuation: "  María-José  O'Neil " → ["maria", "jose", "o", "neil"]. */
export function nameWords(name: string): string[] {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** A name as typed: its words, or undefined when it is too short (or too long) to search by. */
export function readNameQuery(raw: string | null | undefined): string[] | undefined {
  if (raw == null || raw.length > NAME_MAX_LENGTH) return undefined;
  const words = nameWords(raw);
  const long = words.filter((w) => w.length >= NAME_MIN_LETTERS);
  return long.length >= NAME_MIN_WORDS ? long : undefined;
}

/** The shortest typed word that may carry a typo: a slip in a shorter one finds too many other names. */
export const NAME_TYPO_MIN_LETTERS = 4;

/**
 * Whether every typed word starts a different word of the registered name. The
 * longest typed words choose first, so "an ana" cannot spend both on "Ana".
 * With `typos`, a word of NAME_TYPO_MIN_LETTERS or more may also be one slip
 * off a registered word or its start: "gustabo florse" finds "Gustavo Flores".
 */
export function nameMatches(typed: readonly string[], registered: readonly string[], { typos = false } = {}): boolean {
  const free = [...registered];
  for (const word of [...typed].sort((a, b) => b.length - a.length)) {
    let at = free.findIndex((w) => w.startsWith(word));
    if (at < 0 && typos && word.length >= NAME_TYPO_MIN_LETTERS)
      at = free.findIndex((w) => oneLetterOff(word, w) || oneLetterOff(word, w.slice(0, word.length)));
    if (at < 0) return false;
    free.splice(at, 1);
  }
  return true;
}

/** Whether `a` becomes `b` by adding, removing or changing one letter, or swapping two neighbours (or is `b`). */
export function oneLetterOff(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  let j = 0;
  while (j < a.length - i && j < b.length - i && a[a.length - 1 - j] === b[b.length - 1 - j]) j++;
  const [restA, restB] = [a.length - i - j, b.length - i - j];
  if (restA <= 1 && restB <= 1) return true;
  return restA === 2 && restB === 2 && a[i] === b[i + 1] && a[i + 1] === b[i];
}
