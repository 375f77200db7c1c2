import { createHash } from 'node:crypto';
import type pg from 'pg';
import { READS_IN_ITS_OWN_CLUB } from './club-scope/club-scoped-dialect';

/**
 * Makes the statements that run before every signed-in request (those that read in their own club, such as
 * the session check) named prepared statements on each PostgreSQL connection: the driver sends Parse once
 * per connection and text, then only Bind and Execute, so the database neither parses nor plans them again.
 * Their text is the same for every request of a club (the club's id is written in, the token is the
 * parameter), so a connection holds one per club it served. Every other statement runs as Kysely sends it.
 */
export function prepareHotStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text === 'string' && text.startsWith(READS_IN_ITS_OWN_CLUB) && Array.isArray(values))
      return query({ name: statementName(text), text, values }, callback);
    return query(text, values, callback);
  }) as typeof client.query;
}

const names = new Map<string, string>();

function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `equipee_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}
