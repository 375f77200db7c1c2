import { randomUUID } from 'node:crypto';
import type { TestContext } from './test-context';

/** A push device of `userId`, written as the subscribe route would: enough for what queues pushes to it. */
export async function addPushDevice(ctx: TestContext, userId: string): Promise<void> {
  await ctx.db
    .insertInto('push_subscriptions')
    .values({
      id: randomUUID(),
      user_id: userId,
      endpoint: `https://push.example.org/${randomUUID()}`,
      p256dh: 'key',
      auth: 'auth',
      user_agent: null,
      created_at: ctx.clock.now,
    })
    .execute();
}
