import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS } from '../../../server/mail/mail-queue';
import { startSmtpSink } from '../helpers/smtp-sink';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let ctx: TestContext;
let port: number;
let adminToken: string;
const MINUTE = 60_000;

beforeAll(async () => {
  port = await freePort();
  ctx = await createTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  await ctx.createUser('admin', 'Admin');
  adminToken = await ctx.signIn('admin');
});
afterAll(() => ctx.close());

const queue = () => ctx.db.selectFrom('mail_queue').selectAll().orderBy('created_at').execute();
const advance = (ms: number) => {
  ctx.clock.now = new Date(ctx.clock.now.getTime() + ms);
};

describe('mail queue', () => {
  it('keeps messages while SMTP is down and sends them, once, when it is back', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: bearer(adminToken),
      payload: { username: 'queued', email: 'queued@example.org' },
    });
    expect(response.statusCode).toBe(200); // the request does not depend on the mail server
    await ctx.mail.runOnce();
    let [row] = await queue();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.last_error).toBeTruthy();
    const messageId = row?.message_id;

    advance(2 * MINUTE);
    await ctx.mail.runOnce();
    [row] = await queue();
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });

    const smtp = await startSmtpSink(port);
    try {
      await ctx.mail.runOnce(); // not due yet: the second retry waits 5 minutes
      expect(smtp.received).toHaveLength(0);
      advance(6 * MINUTE);
      await ctx.mail.runOnce();
      await ctx.mail.runOnce();
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.raw).toContain(`Message-ID: ${messageId}`);
      [row] = await queue();
      expect(row).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    } finally {
      await smtp.close();
    }
  });

  it('answers a request even while the mail server accepts connections and never replies', async () => {
    const silent = net.createServer(() => undefined);
    const silentPort = await new Promise<number>((resolve) =>
      silent.listen(0, '127.0.0.1', () => resolve((silent.address() as net.AddressInfo).port)),
    );
    const hanging = await createTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${silentPort}` } });
    try {
      await hanging.createUser('admin', 'Admin');
      const token = await hanging.signIn('admin');
      // The request kicks the worker, whose round hangs on the silent server; the answer does not wait for it.
      const response = await hanging.app.inject({
        method: 'POST',
        url: '/api/user/register',
        headers: bearer(token),
        payload: { username: 'patient', email: 'patient@example.org' },
      });
      expect(response.statusCode).toBe(200);
      const rows = await hanging.db.selectFrom('mail_queue').select('status').execute();
      expect(rows.map((r) => r.status)).toEqual(['pending']);
    } finally {
      silent.close();
      silent.unref();
      await Promise.race([hanging.close(), new Promise((resolve) => setTimeout(resolve, 100))]);
    }
  });

  it(`marks a message failed after ${MAX_ATTEMPTS} attempts over about an hour`, async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: bearer(adminToken),
      payload: { username: 'doomed', email: 'doomed@example.org' },
    });
    const started = ctx.clock.now.getTime();
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await ctx.mail.runOnce();
      advance(31 * MINUTE);
    }
    const row = (await queue()).find((r) => r.to_address === 'doomed@example.org');
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(ctx.clock.now.getTime() - started).toBeGreaterThanOrEqual(60 * MINUTE);
  });
});
