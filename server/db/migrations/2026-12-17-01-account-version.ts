import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// The account version (docs/scaling.md, "The rules the code keeps"): a second counter beside each club's data
// version, moved by every committed write to what the session check reads (sessions, users, guardianships),
// however small: a sign-in, a session's hourly touch, a logout, a revoked or edited account, a child linked.
// While it stands still, a session check read earlier still holds, so a process that kept one needs only
// the two counters: `club_versions` reads them in one statement, about half the database's work of a
// whole `session_check`, which now brings the account version along. Bumped like the data version: by
// deferred constraint triggers, the last thing a write's transaction does, once per transaction
// (account_bumped_in), so the bump becomes visible exactly when the write does, whichever process wrote.
// The sign-in decoy too: a failed sign-in on an unknown name updates it where a real account's failure updates
// that account, and both must cost the same work (docs/rules.md#accounts-and-sessions). The decoy is shared,
// so its bump goes to the club of the transaction.
const TABLES = ['sessions', 'users', 'guardianships', 'sign_in_decoy'];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table data_version
    add column account_version bigint not null default 1,
    add column account_bumped_in bigint`.execute(db);
  await sql`create function bump_account_version() returns trigger language plpgsql as $$
    begin
      if tg_level = 'STATEMENT' then
        update data_version set account_version = account_version + 1, account_bumped_in = txid_current()
          where account_bumped_in is distinct from txid_current();
      elsif tg_table_name = 'sign_in_decoy' then
        update data_version set account_version = account_version + 1, account_bumped_in = txid_current()
          where club_id = (nullif(current_setting('app.club', true), ''))::integer
            and account_bumped_in is distinct from txid_current();
      else
        update data_version set account_version = account_version + 1, account_bumped_in = txid_current()
          where club_id = (case when tg_op = 'DELETE' then old.club_id else new.club_id end)
            and account_bumped_in is distinct from txid_current();
      end if;
      return null;
    end
  $$`.execute(db);
  for (const table of TABLES) {
    await sql
      .raw(
        `create constraint trigger ${table}_account_version after insert or update or delete on ${table} ` +
          'deferrable initially deferred for each row execute function bump_account_version()',
      )
      .execute(db);
    // TRUNCATE fires no row trigger: a statement trigger (it cannot be deferred; truncate locks the table anyway).
    await sql
      .raw(
        `create trigger ${table}_truncate_account_version after truncate on ${table} ` +
          'for each statement execute function bump_account_version()',
      )
      .execute(db);
  }
  // The whole check, as before, with the account version read in the same statement (so in the same
  // snapshot as the account it stands for).
  await sql`drop function session_check(integer, text)`.execute(db);
  await sql`create function session_check(p_club integer, p_token_hash text)
    returns table (
      account users,
      session_created_at timestamptz,
      session_last_used_at timestamptz,
      data_version text,
      account_version text,
      child_links text[]
    )
    language plpgsql as $$
    begin
      perform set_config('app.club', p_club::text, true);
      return query
        select u, s.created_at, s.last_used_at, d.version::text, d.account_version::text,
          array(
            select g.child_id::text || '/' || coalesce(c.birth_date, '') || '/' || g.is_restricted::text
            from guardianships g
            join users c on c.club_id = p_club and c.id = g.child_id and c.deleted_at is null
            where g.club_id = p_club and g.guardian_id = u.id)
        from sessions s
        join users u on u.club_id = p_club and u.id = s.user_id
        left join data_version d on d.club_id = p_club
        where s.club_id = p_club and s.token_hash = p_token_hash;
    end
    $$`.execute(db);
  // The two counters alone. Runs as its caller: row-level security binds the read.
  await sql`create function club_versions(p_club integer)
    returns table (data_version text, account_version text)
    language plpgsql as $$
    begin
      perform set_config('app.club', p_club::text, true);
      return query
        select d.version::text, d.account_version::text from data_version d where d.club_id = p_club;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function club_versions(integer)`.execute(db);
  for (const table of TABLES) {
    await sql.raw(`drop trigger if exists ${table}_truncate_account_version on ${table}`).execute(db);
    await sql.raw(`drop trigger if exists ${table}_account_version on ${table}`).execute(db);
  }
  await sql`drop function bump_account_version()`.execute(db);
  await sql`drop function session_check(integer, text)`.execute(db);
  await sql`create function session_check(p_club integer, p_token_hash text)
    returns table (
      account users,
      session_created_at timestamptz,
      session_last_used_at timestamptz,
      data_version text,
      child_links text[]
    )
    language plpgsql as $$
    begin
      perform set_config('app.club', p_club::text, true);
      return query
        select u, s.created_at, s.last_used_at,
          (select d.version::text from data_version d where d.club_id = p_club),
          array(
            select g.child_id::text || '/' || coalesce(c.birth_date, '') || '/' || g.is_restricted::text
            from guardianships g
            join users c on c.club_id = p_club and c.id = g.child_id and c.deleted_at is null
            where g.club_id = p_club and g.guardian_id = u.id)
        from sessions s
        join users u on u.club_id = p_club and u.id = s.user_id
        where s.club_id = p_club and s.token_hash = p_token_hash;
    end
    $$`.execute(db);
  await sql`alter table data_version drop column account_bumped_in, drop column account_version`.execute(db);
}
