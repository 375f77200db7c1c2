import { clubDayOf, clubDayStart, shiftDay, weekStart } from '@common/rules/club-time';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { newEvent, rootToken } from './api';
import { signIn } from './helpers';
import { type OwnServer, startOwnServer } from './server-process';

const ZONE = 'America/Montreal';
const PORT = 3108;
const baseURL = `http://127.0.0.1:${PORT}`;
let server: OwnServer;

test.beforeAll(async () => {
  // A server of its own (seeded, then started) on a busy 2-core machine: more than the default 30 s.
  test.setTimeout(120_000);
  server = await startOwnServer(PORT, { CLUB_TIMEZONE: ZONE });
});

test.afterAll(async () => {
  await server.stop();
});

test('a club started with CLUB_TIMEZONE=America/Montreal sees its events at their local hour, on a device in Paris', async ({
  browser,
}) => {
  const api = await playwrightRequest.newContext({ baseURL });
  const root = await rootToken(api);
  // Tomorrow 10:00 in Montreal (16:00 in Paris).
  const day = shiftDay(clubDayOf(new Date(), ZONE), 1);
  const start = new Date(clubDayStart(day, ZONE).getTime() + 10 * 3_600_000);
  const event = await newEvent(api, root, { start });
  await api.dispose();

  const context = await browser.newContext({
    baseURL,
    timezoneId: 'Europe/Paris',
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await signIn(page, 'root');
  await page.goto(`/?week=${weekStart(day)}`);
  const row = page.locator(`[data-event="${event.uuid_event}"]`);
  await expect(row).toContainText('10:00');
  await expect(row).not.toContainText('16:00');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
    await expect(row).toContainText('10:00');
    await page.screenshot({ path: `test-results/screenshots/week-montreal-club-${width}.png` });
  }
  await context.close();
});
