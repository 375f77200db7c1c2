import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '../../../server/app';
import type { UserRow, UserUpdate } from '../../../server/db/schema';
import {
  writeSystemSwitch,
  writeUserSwitch,
} from '../../../server/modules/notifications/notification-settings.repository';
import { notify } from '../../../server/modules/notifications/notify';
import { createTestContext, type TestContext } from '../helpers/test-context';

let ctx: TestContext;
let deps: Parameters<typeof buildApp>[0];

beforeAll(async () => {
  ctx = await createTestContext();
  deps = { config: ctx.config, db: ctx.db, dbKind: 'pglite', now: () => ctx.clock.now, mail: ctx.mail };
});
afterAll(() => ctx.close());

async function user(name: string, changes: UserUpdate = {}): Promise<UserRow> {
  const { id } = await ctx.createUser(name);
  if (Object.keys(changes).length > 0)
    await ctx.db.updateTable('users').set(changes).where('id', '=', id).execute();
  return ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
const data = () => ({ username: 'x', link: 'https://example.org/l', byWhom: null });
const queuedFor = async (email: string) =>
  ctx.db.selectFrom('mail_queue').select(['subject', 'kind']).where('to_address', '=', email).execute();

describe('notify() gating', () => {
  it("writes in the recipient's language", async () => {
    const english = await user('eng', { language: 'en' });
    const french = await user('fra');
    expect(await notify(deps, ctx.db, 'password_reset', [english, french], data)).toBe(2);
    expect((await queuedFor('eng@example.org'))[0]?.subject).toBe('Équipée: resetting your password');
    expect((await queuedFor('fra@example.org'))[0]?.subject).toBe(
      'Équipée : réinitialisation de votre mot de passe',
    );
  });

  it('skips a switchable type the recipient turned off, or the club turned off', async () => {
    const optedOut = await user('optout', { confirmed_at: null });
    const optedIn = await user('optin', { confirmed_at: null });
    await writeUserSwitch(ctx.db, optedOut.id, 'user_invitation', false);
    expect(await notify(deps, ctx.db, 'user_invitation', [optedOut, optedIn], data)).toBe(1);
    expect(await queuedFor('optout@example.org')).toEqual([]);

    await writeSystemSwitch(ctx.db, 'user_invitation', false);
    expect(await notify(deps, ctx.db, 'user_invitation', [optedIn], data)).toBe(0);
    await writeSystemSwitch(ctx.db, 'user_invitation', true);
  });

  it('always sends a reset, whatever the switches, but never to a revoked account', async () => {
    const revoked = await user('gone', { is_revoked: true });
    const unconfirmed = await user('new', { confirmed_at: null });
    expect(await notify(deps, ctx.db, 'password_reset', [revoked, unconfirmed], data)).toBe(1);
    expect(await queuedFor('new@example.org')).toHaveLength(1);
  });

  it('skips a member with no address (a child without a login), even for a mail always sent', async () => {
    const child = await user('sansmail', { email: null });
    const parent = await user('parent');
    expect(await notify(deps, ctx.db, 'password_reset', [child, parent], data)).toBe(1);
    const queued = await ctx.db.selectFrom('mail_queue').select('to_address').execute();
    expect(queued.map((row) => row.to_address)).not.toContain(null);
  });
});
