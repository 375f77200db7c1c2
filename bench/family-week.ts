// A guardian's week read beside a member's (docs/rules.md#families), measured in the same run on the same
// seeded week (50 events × 30 subscribers, PGlite): a guardian of three of the subscribers, whose answers the
// read shows as the guardian's own, against a member with no children. Goal: the guardian's read takes at
// most 1.2 × the member's time. Both are loaded twice, in turn, and each keeps its better run.

import type { Kysely } from 'kysely';
import type { Database } from '../server/db/schema';
import { createConfirmedUser } from '../server/modules/users/create-user';
import { formatFigures, type LoadFigures, load } from './load';
import { reportRow } from './summary';
import { withWeekApp } from './week-read';
import { WEEK_PATH } from './week-seed';

const PASSWORD = 'Bench-Passw0rd';

async function seedFamily(db: Kysely<Database>): Promise<void> {
  const parent = await createConfirmedUser(db, {
    username: 'parent',
    email: 'parent@example.org',
    password: PASSWORD,
    role: 'User',
  });
  await createConfirmedUser(db, {
    username: 'solo',
    email: 'solo@example.org',
    password: PASSWORD,
    role: 'User',
  });
  const children = await db
    .selectFrom('users')
    .select('id')
    .where('username', 'in', ['member0', 'member1', 'member2'])
    .execute();
  for (const child of children) {
    await db.updateTable('users').set({ birth_date: '2016-03-01' }).where('id', '=', child.id).execute();
    await db
      .insertInto('guardianships')
      .values({ child_id: child.id, guardian_id: parent.id, created_by: parent.id, created_at: new Date() })
      .execute();
  }
}

async function tokenOf(address: string, username: string): Promise<string> {
  const answer = await fetch(`${address}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username_or_email: username, password: PASSWORD }),
  });
  return ((await answer.json()) as { token: string }).token;
}

const better = (a: LoadFigures, b: LoadFigures) => (a.rps >= b.rps ? a : b);

await withWeekApp(undefined, 50, 30, async (address, _organiserToken, db) => {
  await seedFamily(db);
  const url = `${address}${WEEK_PATH}`;
  const parent = { authorization: `Bearer ${await tokenOf(address, 'parent')}` };
  const solo = { authorization: `Bearer ${await tokenOf(address, 'solo')}` };
  // The guardian's read holds their three children's places, as their own.
  const read = (await (await fetch(url, { headers: parent })).json()) as Array<{
    subscribers_with_stuff: Array<{ username: string }>;
  }>;
  const shown = new Set(read.flatMap((e) => e.subscribers_with_stuff.map((s) => s.username)));
  if (!['member0', 'member1', 'member2'].every((name) => shown.has(name))) {
    throw new Error("the guardian's week does not show the children's places");
  }
  let member = await load(url, { headers: solo });
  let guardian = await load(url, { headers: parent });
  member = better(member, await load(url, { headers: solo }));
  guardian = better(guardian, await load(url, { headers: parent }));
  console.log(`week 50×30 PGlite, a member without children   ${formatFigures(member)}`);
  console.log(`week 50×30 PGlite, a guardian of three children ${formatFigures(guardian)}`);
  const ratio = member.rps / guardian.rps;
  reportRow({
    measure: "guardian's week read (3 children), PGlite",
    value: `${Math.round(guardian.rps)} req/s, p99 ${guardian.p99.toFixed(1)} ms`,
    floor: `a member without children, same week ${Math.round(member.rps)} req/s`,
    ratio,
    goal: '≤ 1.2 × the member’s time',
    met: ratio <= 1.2,
  });
});
