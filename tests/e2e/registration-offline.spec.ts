import { expect, type Page, test } from '@playwright/test';
import { call, executedKeys, newEvent, newMember, rootToken } from './api';
import { expectNoAxeViolations } from './axe';
import { showEventRow, signIn } from './helpers';

// axe-core is injected as a script, which the app's own policy rightly refuses.
test.use({ bypassCSP: true });
// The scene waits out a 5 s toast and the outbox's replay, on a machine shared with other suites.
test.describe.configure({ timeout: 60_000 });

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

interface ServerEvent {
  subcribers_count: number;
  subscribers_with_stuff: Array<{ id: string; uuid_stuff: string | null }>;
  waiting_list: Array<{ uuid_user: string }>;
}

test('offline, a member subscribes from the popup: shown at once as pending, sent once when the network returns', async ({
  page,
  context,
  request,
}) => {
  const root = await rootToken(request);
  const stamp = Date.now() % 1_000_000;
  const event = await newEvent(request, root, {
    model: { name: `Randonnée ${stamp}`, description: 'Sortie en rivière' },
    stuff: { name: `Pagaie ${stamp}`, description: 'Carbone', stock: 2 },
    startInHours: 3,
    place: { city: 'Quimper', zip_code: '29000' },
    max: 4,
  });
  const onServer = () => call<ServerEvent>(request, root, 'GET', `/api/event/${event.uuid_event}`);
  const member = await newMember(request, root, `horsligne${stamp}`);

  // Every Idempotency-Key the app sends for a subscription, from the page or its service worker (the
  // outbox goes out in batches through /api/replay).
  const sentKeys = new Set<string>();
  context.on('request', (sent) => {
    if (!sent.url().endsWith('/api/replay')) return;
    const { writes } = sent.postDataJSON() as { writes: Array<{ path: string; idempotencyKey: string }> };
    for (const write of writes)
      if (write.path === '/api/event/subscribe/status') sentKeys.add(write.idempotencyKey);
  });

  await signIn(page, member.username);
  await page.setViewportSize({ width: 390, height: 844 });
  const row = await showEventRow(page, event);
  await expect(row).toContainText(`Randonnée ${stamp}`);
  await expect(row).toContainText('0/4');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const badge = page.getByTestId('sync-badge');
  await expect(badge).toHaveText('En ligne');

  await context.setOffline(true);
  await row.getByRole('button', { name: `Détails de Randonnée ${stamp}` }).click();
  const popup = page.getByRole('dialog', { name: `Randonnée ${stamp}` });
  await expect(popup).toBeVisible();
  await popup.getByRole('radio', { name: `Pagaie ${stamp} — 2 disponibles` }).check();
  const subscribe = popup.getByRole('button', { name: "S'inscrire" });
  await expect(subscribe).toHaveAccessibleDescription('Hors ligne : ce sera envoyé au retour du réseau.');
  await subscribe.click();

  // At once, with no network: the popup and the row show the subscription, the row marks it pending.
  // Holding a place, the one answer left is « Je ne viens plus ».
  await expect(popup.getByRole('button', { name: 'Je ne viens plus' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Se désinscrire' })).toHaveCount(0);
  // It says the write is kept here, not that the server has it.
  await expect(page.getByText('Enregistré sur cet appareil — envoi au retour du réseau')).toBeVisible();
  await expect(page.getByText('Inscription enregistrée.')).toHaveCount(0);
  await expect(
    popup
      .getByRole('status')
      .filter({ hasText: "Votre dernière modification n'est pas encore envoyée au serveur." }),
  ).toBeVisible();
  await expect(popup.getByTestId('registration-count')).toHaveText('1/4');
  await expect(popup.getByTestId('my-kit')).toContainText(`Pagaie ${stamp}`);
  await expect(row).toContainText('1/4');
  await expect(row.getByText('Place réservée', { exact: true })).toBeVisible();
  const pendingMarker = row.getByText('à envoyer', { exact: true });
  await expect(pendingMarker).toBeVisible();
  await expect(badge).toContainText('1 à envoyer');
  await expect(badge).toContainText('Hors ligne');
  // The server has not got it.
  const before = await onServer();
  expect(before.subcribers_count).toBe(0);
  expect(before.subscribers_with_stuff.map((s) => s.id)).not.toContain(member.id);

  await expectNoAxeViolations(page);
  // The success toast lies over the header's sync status for 5 s (and cannot be closed under the modal).
  await expect(page.locator('.toast')).toHaveCount(0, { timeout: 10_000 });
  await shoot(page, 'registration-offline-pending');
  await popup.getByRole('button', { name: 'Fermer' }).click();
  await expect(popup).toBeHidden();
  await expect(pendingMarker).toBeVisible();
  await shoot(page, 'registration-offline-pending-home');

  await context.setOffline(false);
  await expect(pendingMarker).toBeHidden({ timeout: 20_000 });
  await expect(badge).toHaveText('En ligne');
  await expect(row).toContainText('1/4');
  await expect(row.getByText('Place réservée', { exact: true })).toBeVisible();
  const after = await onServer();
  expect(after.subscribers_with_stuff.filter((s) => s.id === member.id)).toEqual([
    expect.objectContaining({ id: member.id, uuid_stuff: event.stuffUuid }),
  ]);
  expect(after.subcribers_count).toBe(1);
  expect(after.waiting_list).toEqual([]);
  // One subscription sent under one key, executed once by the server (however often it was tried).
  expect(sentKeys.size).toBe(1);
  const executed = executedKeys();
  expect([...sentKeys].map((key) => executed.get(key))).toEqual([1]);

  // The home as the server now has it, after a reload; the popup agrees.
  await page.reload();
  const reloaded = page.locator(`[data-event="${event.uuid_event}"]`);
  await expect(reloaded).toContainText('1/4');
  await expect(reloaded.getByText('Place réservée', { exact: true })).toBeVisible();
  await expect(reloaded.getByText('à envoyer', { exact: true })).toHaveCount(0);
  await expect(badge).toHaveText('En ligne');
  await shoot(page, 'registration-offline-synced');
  await reloaded.getByRole('button', { name: `Détails de Randonnée ${stamp}` }).click();
  await expect(popup.getByTestId('registration-count')).toHaveText('1/4');
  await expect(popup.getByTestId('my-kit')).toContainText(`Pagaie ${stamp}`);
  await expect(popup.getByRole('button', { name: 'Je ne viens plus' })).toBeVisible();
});
