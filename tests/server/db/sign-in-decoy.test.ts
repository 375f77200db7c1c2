import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/test-context';

// A failed sign-in on an unknown name updates the decoy row where a real account's failure updates the
// account, and both must cost the same work (docs/rules.md#accounts-and-sessions): whatever trigger fires on
// every update of an account fires on every update of the decoy too.
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

/** The functions of the triggers that fire on any update of `table` (no WHEN condition). */
async function updateTriggers(table: string): Promise<string[]> {
  const { rows } = await sql<{ proname: string }>`
    select p.proname from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_proc p on p.oid = t.tgfoid
    where c.relname = ${table} and n.nspname = current_schema() and not t.tgisinternal
      and (t.tgtype & 16) <> 0 and t.tgqual is null
    order by p.proname`.execute(ctx.db);
  return rows.map((row) => row.proname);
}

describe('the sign-in decoy', () => {
  it('fires the same update triggers as an account', async () => {
    const onUsers = await updateTriggers('users');
    expect(onUsers).toContain('bump_account_version');
    expect(await updateTriggers('sign_in_decoy')).toEqual(onUsers);
  });
});
