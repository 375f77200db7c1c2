import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_DEVICES_MAX } from '../../../server/modules/push/push.service';
import { enqueuePush, PUSH_TIMEOUT_MS } from '../../../server/modules/push/push-queue';
import { isPublicAddress, publicAddressOf, realPushNetwork } from '../../../server/push-network';
import { standInPushNetwork } from '../helpers/push-network-stand-in';
import { startPushStandIn } from '../helpers/push-stand-in';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// Push, hardened (docs/rules.md#push): no more unbounded devices, one slow endpoint holding up every push, or
// endpoints checked by name only.
let ctx: TestContext;
let standIn: Awaited<ReturnType<typeof startPushStandIn>>;
let slowServer: http.Server;
const net = standInPushNetwork();

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' }, pushNetwork: net.network });
  standIn = await startPushStandIn();
  net.setHost(standIn.host, standIn.origin);
  // Takes every request and never answers.
  slowServer = http.createServer(() => undefined);
  await new Promise<void>((resolve) => slowServer.listen(0, '127.0.0.1', resolve));
  net.setHost('slow.push.test', `http://127.0.0.1:${(slowServer.address() as AddressInfo).port}`);
  // Nothing listens there: connection refused.
  net.setHost('dead.push.test', 'http://127.0.0.1:9');
});
afterAll(async () => {
  slowServer.closeAllConnections();
  await new Promise((resolve) => slowServer.close(resolve));
  await standIn.close();
  await ctx.close();
});

const register = (token: string, endpoint: string, keys = standIn.newDevice().subscription.keys) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/push/subscription',
    headers: bearer(token),
    payload: { endpoint, keys },
  });
const devicesOf = async (userId: string) =>
  (
    await ctx.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute()
  ).map((row) => row.endpoint);
const later = (ms: number) => {
  ctx.clock.now = new Date(ctx.clock.now.getTime() + ms);
};
const message = { title: 'Test', body: 'Bonjour', url: '/', tag: 'test' };

describe('push devices', () => {
  it(`are at most ${PUSH_DEVICES_MAX} per member: an eleventh drops the oldest`, async () => {
    const { id } = await ctx.createUser('collector');
    const token = await ctx.signIn('collector');
    const endpoints: string[] = [];
    for (let i = 0; i <= PUSH_DEVICES_MAX; i++) {
      const device = standIn.newDevice();
      endpoints.push(device.subscription.endpoint);
      expect((await register(token, device.subscription.endpoint, device.subscription.keys)).statusCode).toBe(
        204,
      );
      later(1000);
    }
    expect(await devicesOf(id)).toEqual(endpoints.slice(1));
  });
});

describe('sending', () => {
  it('goes to every device at once: a slow and a dead endpoint delay only themselves', async () => {
    const { id } = await ctx.createUser('threedevices');
    const token = await ctx.signIn('threedevices');
    const good = standIn.newDevice();
    expect((await register(token, good.subscription.endpoint, good.subscription.keys)).statusCode).toBe(204);
    expect((await register(token, 'https://slow.push.test/push/1')).statusCode).toBe(204);
    expect((await register(token, 'https://dead.push.test/push/2')).statusCode).toBe(204);
    await ctx.push.runOnce();
    expect(await enqueuePush(ctx.db, ctx.clock.now, id, message, 'normal')).toBe(3);

    const started = Date.now();
    const round = ctx.push.runOnce();
    await expect
      .poll(() => standIn.received.some((push) => good.subscription.endpoint.endsWith(push.path)), {
        timeout: 3000,
      })
      .toBe(true);
    const goodAfterMs = Date.now() - started;
    const result = await round;
    const roundMs = Date.now() - started;
    console.log(
      `push round: the good device reached after ${goodAfterMs} ms, the round ended after ${roundMs} ms`,
    );
    expect(goodAfterMs).toBeLessThan(3000);
    // The slow endpoint is cut at its timeout, not later; the dead one failed at once.
    expect(roundMs).toBeGreaterThanOrEqual(PUSH_TIMEOUT_MS - 100);
    expect(roundMs).toBeLessThan(PUSH_TIMEOUT_MS + 5000);
    expect(result).toEqual({ sent: 1, gone: 0, failed: 2 });
  }, 30_000);

  it('checks the address again at each send: a name re-pointed at 127.0.0.1 gets nothing', async () => {
    const { id } = await ctx.createUser('rebinder');
    const token = await ctx.signIn('rebinder');
    net.setHost('rebind.push.test', standIn.origin);
    expect((await register(token, 'https://rebind.push.test/push/3')).statusCode).toBe(204);
    await ctx.push.runOnce();
    net.setHost('rebind.push.test', standIn.origin, ['127.0.0.1']);
    const sentBefore = net.sentTo.length;
    await enqueuePush(ctx.db, ctx.clock.now, id, message, 'normal');
    expect(await ctx.push.runOnce()).toEqual({ sent: 0, gone: 0, failed: 1 });
    expect(net.sentTo.length).toBe(sentBefore);
  });
});

describe('address checks', () => {
  it('take public unicast addresses only', () => {
    for (const address of ['93.184.215.14', '8.8.4.4', '2606:4700::1111'])
      expect(isPublicAddress(address)).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.0.0.8',
      '172.16.3.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd12::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not an address',
    ])
      expect({ address, public: isPublicAddress(address) }).toEqual({ address, public: false });
  });

  it('use the real resolver in the app, which finds localhost private', async () => {
    expect(await publicAddressOf(realPushNetwork, new URL('https://localhost/push'))).toBeNull();
    expect(await publicAddressOf(realPushNetwork, new URL('https://127.0.0.1/push'))).toBeNull();
  });
});
