/** A username's longest run of characters (usernameSchema: 3–32 of `a-z 0-9 . _ -`). */
const USERNAME_MAX = 32;
const SUFFIX_ROOM = 3;

/** Names as a username stem: accents off, lowercase, `a-z 0-9` kept, the two joined by a dot (`lou.lebihan`). */
export function usernameStem(firstName: string, lastName: string): string {
  const clean = (name: string) =>
    name
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
  const stem = [clean(firstName), clean(lastName)].filter(Boolean).join('.');
  const padded = stem.length >= 3 ? stem : `${stem}${stem ? '.' : ''}enfant`;
  return padded.slice(0, USERNAME_MAX - SUFFIX_ROOM);
}

/** The stem itself when free, else the stem with the first free number from 2 (`lou.lebihan2`). */
export function freeUsername(stem: string, taken: ReadonlySet<string>): string {
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n++) if (!taken.has(`${stem}${n}`)) return `${stem}${n}`;
}
