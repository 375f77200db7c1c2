import { CLUB_TABLES } from '../../../server/db/club-scope/club-tables';

/**
 * Ready to shard: what a statement on club-owned tables lacks to name its club, read from its SQL as the
 * database receives it (so raw SQL is held to it as much as Kysely's builder). Each club-owned table read,
 * joined, updated or deleted from needs a `<table or alias>.club_id = …` condition, and each insert into one
 * a `club_id` column. Empty when the statement is fine or touches no club-owned table.
 */
export function missingClubConditions(statement: string): string[] {
  if (!/^\s*(select|insert|update|delete|with)\b/i.test(statement) || statement.includes(PROBE)) return [];
  const missing: string[] = [];
  const needed = new Map<string, number>();
  for (const match of statement.matchAll(TABLE_REFERENCE)) {
    const [, keyword = '', table = '', alias] = match;
    if (!clubTables.has(table)) continue;
    if (keyword.toLowerCase() === 'into') {
      const columns =
        statement.slice((match.index ?? 0) + match[0].length).match(/^\s*\(([^)]*)\)/)?.[1] ?? '';
      if (!/(^|[\s,"])club_id("|\s|,|$)/.test(columns)) missing.push(`insert into ${table} without club_id`);
      continue;
    }
    const name = alias && !NOT_ALIASES.has(alias.toLowerCase()) ? alias : table;
    needed.set(name, (needed.get(name) ?? 0) + 1);
  }
  // Unqualified, a condition only where a condition stands (not `set club_id = …`).
  const unqualified = count(statement, /(?<=(\b(where|and|on)\s+|\())"?club_id"?\s*=/gi);
  for (const [name, references] of needed) {
    const qualified = count(statement, new RegExp(`(?<![\\w"])"?${name}"?\\."?club_id"?\\s*=`, 'g'));
    if (qualified + unqualified < references) missing.push(`${name} without a club_id condition`);
  }
  return missing;
}

/**
 * Marks a test's statement that leaves the club out on purpose, to show what row-level security does
 * then (club-isolation.test.ts): `sql\`${sql.raw(PROBE)} select …\``.
 */
export const PROBE = '/* probing row-level security */';

const clubTables: ReadonlySet<string> = new Set(CLUB_TABLES);

// A table after FROM, JOIN, UPDATE, INTO or USING, quoted (Kysely) or not (raw SQL), with its alias if any.
const TABLE_REFERENCE =
  /\b(from|join|update|into|using)\s+"?([a-z_][a-z0-9_]*)"?(?!\s*\.)(?:\s+(?:as\s+)?"?([a-z_][a-z0-9_]*)"?)?/gi;

// Words that may follow a table where an alias could stand.
const NOT_ALIASES = new Set([
  'where',
  'on',
  'join',
  'inner',
  'left',
  'right',
  'full',
  'cross',
  'set',
  'group',
  'order',
  'limit',
  'offset',
  'for',
  'returning',
  'using',
  'values',
  'select',
  'default',
  'union',
  'having',
  'window',
  'natural',
  'lateral',
]);

function count(text: string, pattern: RegExp): number {
  return [...text.matchAll(pattern)].length;
}
