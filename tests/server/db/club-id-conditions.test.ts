import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubRegistry } from '../../../server/db/club-scope/club-registry';
import { type Club, runInClub } from '../../../server/db/club-scope/current-club';
import { missingClubConditions } from '../helpers/club-id-check';
import { addClub } from '../helpers/clubs';
import { createTestContext, type TestContext } from '../helpers/test-context';

// Ready to shard: every statement on club-owned tables names its club. The check runs on every statement of
// every suite (helpers/test-context.ts fails a file that ran one without); this file shows that the check
// catches what it must, and that the builder's statements pass it by construction.

let ctx: TestContext;
let first: Club;
let second: Club;

beforeAll(async () => {
  ctx = await createTestContext();
  [first] = (await clubRegistry(ctx.db, ctx.config).all()) as [Club];
  second = await addClub(ctx, 'aviron-vannes.example.org', 'Aviron de Vannes');
});

afterAll(async () => {
  await ctx?.close();
});

describe('the check on a statement', () => {
  it('asks each club-owned table read, joined, updated or deleted from for its own condition', () => {
    expect(missingClubConditions('select * from "users" where "id" = $1')).toEqual([
      'users without a club_id condition',
    ]);
    expect(
      missingClubConditions(
        'select * from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where "sessions"."club_id" = 1',
      ),
    ).toEqual(['users without a club_id condition']);
    expect(missingClubConditions('update "events" set "club_id" = 2 where "uuid" = $1')).toEqual([
      'events without a club_id condition',
    ]);
    expect(missingClubConditions('delete from "guests" as "g" where "g"."uuid" = $1')).toEqual([
      'g without a club_id condition',
    ]);
    expect(missingClubConditions('insert into "guests" ("uuid", "name") values ($1, $2)')).toEqual([
      'insert into guests without club_id',
    ]);
    // A subquery is a reference of its own: one condition does not cover two.
    expect(
      missingClubConditions(
        'select * from "events" where "events"."club_id" = 1 and "uuid" in (select "event_uuid" from "events")',
      ),
    ).toEqual(['events without a club_id condition']);
  });

  it('passes statements that name their club, raw SQL included, and leaves shared tables alone', () => {
    expect(
      missingClubConditions(
        'select * from "sessions" inner join "users" on "users"."club_id" = 1 and "users"."id" = "sessions"."user_id" where "sessions"."club_id" = 1',
      ),
    ).toEqual([]);
    expect(missingClubConditions('insert into "guests" ("uuid", "club_id") values ($1, 1)')).toEqual([]);
    expect(
      missingClubConditions(
        'from events e join event_models m on m.club_id = $1 and m.uuid = e.model_uuid where e.club_id = $2',
      ),
    ).toEqual([]);
    expect(
      missingClubConditions(
        'select * from events e join event_models m on m.uuid = e.model_uuid where e.club_id = $1',
      ),
    ).toEqual(['m without a club_id condition']);
    expect(missingClubConditions('select * from "clubs" where "host" = $1')).toEqual([]);
    expect(missingClubConditions('create table x (id int)')).toEqual([]);
  });
});

describe('the statements the application runs', () => {
  it('carry the club in hand, written in, whichever club it is', async () => {
    const statements = [first, second].map((club) =>
      runInClub(
        club,
        () =>
          ctx.db
            .selectFrom('subscriptions')
            .innerJoin('users', 'users.id', 'subscriptions.user_id')
            .select('users.username')
            .where('subscriptions.event_uuid', 'in', (eb) => eb.selectFrom('events').select('uuid'))
            .compile().sql,
      ),
    );
    for (const [i, club] of [first, second].entries()) {
      const text = statements[i] ?? '';
      expect(text).toContain(`"subscriptions"."club_id" = ${club.id}`);
      expect(text).toContain(`"users"."club_id" = ${club.id}`);
      expect(text).toContain(`"events"."club_id" = ${club.id}`);
      expect(missingClubConditions(text)).toEqual([]);
    }
  });

  it('write each inserted row into the club in hand', async () => {
    const insert = runInClub(second, () =>
      ctx.db
        .insertInto('event_models')
        .values([
          { uuid: crypto.randomUUID(), name: 'a', description: '' },
          { uuid: crypto.randomUUID(), name: 'b', description: '' },
        ])
        .compile(),
    );
    expect(insert.sql).toMatch(/"club_id"\) values \(\$1, \$2, \$3, 2\), \(\$4, \$5, \$6, 2\)$/);
  });

  it('are caught by the suites when one forgets its club', async () => {
    await runInClub(first, () => sql`select count(*) from users`.execute(ctx.db));
    expect(ctx.unscopedStatements).toEqual(['users without a club_id condition: select count(*) from users']);
    ctx.unscopedStatements.length = 0; // shown; this file's close must not fail on it
  });
});
