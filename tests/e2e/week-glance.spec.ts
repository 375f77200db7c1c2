import { expect, test } from '@playwright/test';
import { newEvent, newMember, rootToken } from './api';
import { showEventRow, signIn } from './helpers';
import { shootBothSizes } from './screenshots';

// Compact cards, so that at least three events fit on a 390×844 phone between the header and the bottom bar.
test('three events of a day fit on a 390×844 phone, under their day heading', async ({ page, request }) => {
  const root = await rootToken(request);
  const member = await newMember(request, root, `glance${Date.now() % 1_000_000}`);
  const base = Date.now() + 50 * 3_600_000;
  const events = [];
  for (const [i, name] of ['Kayak de mer', 'Aviron', 'Pirogue'].entries())
    events.push(
      await newEvent(request, root, {
        start: new Date(base + i * 60_000),
        model: { name: `${name} ${Date.now() % 10_000}`, description: 'Sortie du club' },
      }),
    );
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, member.username);
  const first = await showEventRow(page, events[0] as (typeof events)[number]);
  await first.scrollIntoViewIfNeeded();

  const header = await page.locator('.app-header').boundingBox();
  const nav = await page.getByRole('navigation', { name: 'Navigation principale' }).boundingBox();
  const room = (nav?.y ?? 844) - ((header?.y ?? 0) + (header?.height ?? 0));
  const heights = [];
  for (const event of events) {
    const box = await page.locator(`[data-event="${event.uuid_event}"]`).boundingBox();
    heights.push(box?.height ?? Number.POSITIVE_INFINITY);
  }
  // Three cards and the gaps between them take less than the room a phone leaves.
  expect(heights.reduce((sum, h) => sum + h, 0) + 2 * 12).toBeLessThan(room);
  await shootBothSizes(page, 'week-three-cards');
});
