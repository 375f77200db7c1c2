import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseLapsedHealthItems } from '../../../server/modules/member-file/paper-erasure.service';
import { writeSetting } from '../../../server/modules/settings/settings.repository';
import { createTestContext, type TestContext } from '../helpers/test-context';

// Health items are kept `health_keep_seasons` seasons after the member's last licence lapsed (one by default),
// then erased by a job, each erasure in the account audit (docs/rules.md#members-file). A member who never
// held a licence keeps them until the account is erased.
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ env: { CLUB_TIMEZONE: 'Europe/Paris' } });
  ctx.clock.now = new Date('2026-06-01T10:00:00Z');
}, 60_000);
afterAll(() => ctx.close());

const onDay = (day: string) => {
  ctx.clock.now = new Date(`${day}T10:00:00Z`);
};
const run = () => eraseLapsedHealthItems({ db: ctx.db, now: () => ctx.clock.now });

async function member(name: string, seasons: string[]): Promise<string> {
  const { id } = await ctx.createUser(name);
  for (const season of seasons)
    await ctx.db
      .insertInto('licences')
      .values({
        user_id: id,
        season,
        number: `N${season}`,
        federation: 'FFCK',
        type: 'Canoë Plus',
        recorded_at: ctx.clock.now,
        recorded_by: id,
      })
      .execute();
  for (const [kind, day] of [
    ['caci', '2025-09-10'],
    ['savoir_nager', '2020-07-01'],
  ] as const)
    await ctx.db
      .insertInto('health_items')
      .values({
        user_id: id,
        kind,
        day,
        competition: kind === 'caci' ? false : null,
        all_no: null,
        signed_by: null,
        way: kind === 'savoir_nager' ? 'test' : null,
        recorded_at: ctx.clock.now,
        recorded_by: id,
        recorded_by_admin: false,
      })
      .execute();
  return id;
}
const itemsOf = async (id: string) =>
  (await ctx.db.selectFrom('health_items').select('kind').where('user_id', '=', id).execute()).length;
const auditOf = (id: string) =>
  ctx.db
    .selectFrom('account_audit')
    .select(['action', 'actor_id', 'what', 'at'])
    .where('target_id', '=', id)
    .where('action', '=', 'health_erased')
    .execute();

describe('the erasure of old health items', () => {
  it('erases them one season after the last licence lapsed, not before, audited; keeps a renewed or never-licensed member’s', async () => {
    const gina = await member('gina', ['2025-2026']);
    const ivy = await member('ivy', ['2025-2026', '2026-2027']);
    const hank = await member('hank', []);

    // gina's licence lapsed after 30 September 2026; one season on, her items stay until 30 September 2027.
    onDay('2027-09-30');
    expect(await run()).toBe(0);
    expect(await itemsOf(gina)).toBe(2);
    expect(await auditOf(gina)).toEqual([]);

    onDay('2027-10-01');
    expect(await run()).toBe(1);
    expect(await itemsOf(gina)).toBe(0);
    expect(await auditOf(gina)).toEqual([
      { action: 'health_erased', actor_id: gina, what: 'health_keep_seasons', at: ctx.clock.now },
    ]);
    // ivy renewed for 2026-2027: kept until 30 September 2028. hank never held a licence: kept.
    expect(await itemsOf(ivy)).toBe(2);
    expect(await itemsOf(hank)).toBe(2);

    // Run again: nothing left to erase, nothing audited twice.
    expect(await run()).toBe(0);
    expect(await auditOf(gina)).toHaveLength(1);

    onDay('2030-01-01');
    expect(await run()).toBe(1);
    expect(await itemsOf(ivy)).toBe(0);
    expect(await itemsOf(hank)).toBe(2);
  });

  it('keeps them as many seasons as the club says', async () => {
    onDay('2026-06-01');
    await writeSetting(ctx.db, 'health_keep_seasons', '3', ctx.clock.now);
    const jo = await member('joel', ['2025-2026']);
    // Lapsed after 30 September 2026; three seasons on: kept until 30 September 2029.
    onDay('2029-09-30');
    await run();
    expect(await itemsOf(jo)).toBe(2);
    onDay('2029-10-01');
    await run();
    expect(await itemsOf(jo)).toBe(0);
    expect(await auditOf(jo)).toHaveLength(1);
    await writeSetting(ctx.db, 'health_keep_seasons', '0', ctx.clock.now);
    // None kept: erased the day after the licence lapsed.
    const kim = await member('kim', ['2028-2029']);
    onDay('2029-09-30');
    await run();
    expect(await itemsOf(kim)).toBe(2);
    onDay('2029-10-01');
    await run();
    expect(await itemsOf(kim)).toBe(0);
  });
});
