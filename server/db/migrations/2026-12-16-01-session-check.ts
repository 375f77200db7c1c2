import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// The session check in one statement (docs/scaling.md, "The rules the code keeps"): the function sets the
// request's club for its own transaction, then reads the session, its account, the club's data version and
// the children the account guards. Called outside a transaction, it is one round trip where the scoped
// driver would otherwise wrap the read in BEGIN, set_config and COMMIT. It runs as its caller (no SECURITY
// DEFINER): row-level security binds every table it reads, and each one is also named by its club.
// `account` is the users row as a whole, so the function follows the table's columns as they change.
export async function up(db: Kysely<any>): Promise<void> {
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
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function session_check(integer, text)`.execute(db);
}
