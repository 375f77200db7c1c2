import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { scopedClubId } from './current-club';

/**
 * Wraps a dialect so that every statement runs for its club (docs/rules.md#several-clubs). By default, a
 * transaction gets `set_config('app.club', id, true)` right after BEGIN, and a statement run outside one
 * becomes BEGIN, set_config, the statement, COMMIT: transaction-local only, so a pooled connection never
 * carries a club into the next request. With `clubOnSession` (PGlite: one connection, used by this Kysely
 * alone and one piece of work at a time), the club is set on the session instead, and only when it changes:
 * a statement outside a transaction then runs as it is, one round trip instead of four. Outside a club
 * nothing is set (or the session's club is cleared) and the row-level security policies show no rows.
 * `onWrite` is told before anything that may write runs (write-count.ts).
 */
export function clubScopedDialect(
  inner: Dialect,
  {
    onWrite = () => undefined,
    clubOnSession = false,
  }: { onWrite?: () => void; clubOnSession?: boolean } = {},
): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createDriver: () =>
      new ClubScopedDriver(inner.createDriver(), onWrite, clubOnSession ? new SessionClub() : undefined),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
  };
}

type Compile = QueryCompiler['compileQuery'];

const SET_CLUB = 'select set_config($1, $2, true)';

/**
 * Starts a read that sets the club for its own transaction (a function such as `session_check`), so it runs
 * as it is: one round trip instead of BEGIN, set_config, the statement and COMMIT. It writes nothing.
 */
export const READS_IN_ITS_OWN_CLUB = '/* reads in its own club */ ';

async function setClub(connection: DatabaseConnection, clubId: number): Promise<void> {
  await connection.executeQuery(CompiledQuery.raw(SET_CLUB, ['app.club', String(clubId)]));
}

/** The club set on the one connection's session, set again only when the work's club differs. */
class SessionClub {
  /** null: no club; undefined: not known (a new session, or a set that failed), so set it. */
  private current: number | null | undefined;

  async use(connection: DatabaseConnection, clubId: number | undefined): Promise<void> {
    const wanted = clubId ?? null;
    if (wanted === this.current) return;
    this.current = undefined;
    await connection.executeQuery(
      CompiledQuery.raw('select set_config($1, $2, false)', [
        'app.club',
        wanted === null ? '' : String(wanted),
      ]),
    );
    this.current = wanted;
  }
}

class ClubScopedConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly onWrite: () => void,
    private readonly session: SessionClub | undefined,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const readsInItsOwnClub = query.sql.startsWith(READS_IN_ITS_OWN_CLUB);
    // Anything but a built SELECT may write (raw SQL included): told before it runs.
    if (query.query.kind !== 'SelectQueryNode' && !readsInItsOwnClub) this.onWrite();
    const clubId = scopedClubId();
    if (this.inTransaction || readsInItsOwnClub) return this.inner.executeQuery<R>(query);
    if (this.session) {
      await this.session.use(this.inner, clubId);
      return this.inner.executeQuery<R>(query);
    }
    if (clubId === undefined) return this.inner.executeQuery<R>(query);
    await this.inner.executeQuery(CompiledQuery.raw('begin'));
    try {
      await setClub(this.inner, clubId);
      const result = await this.inner.executeQuery<R>(query);
      await this.inner.executeQuery(CompiledQuery.raw('commit'));
      return result;
    } catch (error) {
      await this.inner.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
      throw error;
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    this.onWrite();
    if (!this.inTransaction && scopedClubId() !== undefined)
      throw new Error('Stream inside a transaction: a club is set per transaction.');
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class ClubScopedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly onWrite: () => void,
    private readonly session: SessionClub | undefined,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new ClubScopedConnection(await this.inner.acquireConnection(), this.onWrite, this.session);
  }

  // Begin, commit and rollback go through the connection Kysely handed in (its log counts them, as before
  // the wrapping); the club's setting goes straight to the inner connection, unlogged plumbing.
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const scoped = connection as ClubScopedConnection;
    this.onWrite();
    const clubId = scopedClubId();
    // Set before BEGIN: a session's setting made inside a transaction would go with its rollback.
    await this.session?.use(scoped.inner, clubId);
    scoped.inTransaction = true;
    try {
      await this.inner.beginTransaction(scoped, settings);
    } catch (error) {
      scoped.inTransaction = false;
      throw error;
    }
    if (clubId !== undefined && !this.session) await setClub(scoped.inner, clubId);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.commitTransaction(connection);
    } finally {
      this.onWrite();
      (connection as ClubScopedConnection).inTransaction = false;
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.rollbackTransaction(connection);
    } finally {
      (connection as ClubScopedConnection).inTransaction = false;
    }
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    await this.inner.savepoint?.(connection, name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    await this.inner.rollbackToSavepoint?.(connection, name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    await this.inner.releaseSavepoint?.(connection, name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((connection as ClubScopedConnection).inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
