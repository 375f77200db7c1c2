import { expect, test } from '@playwright/test';
import { newMember, rootToken } from './api';
import { expectNoAxeViolations } from './axe';
import { signIn } from './helpers';
import { screenshotWhole } from './screenshots';

// axe-core is injected as a script, which the app's own policy rightly refuses.
test.use({ bypassCSP: true });

test('in English: the preferences tab offers this device’s notifications and a calendar link', async ({
  page,
  request,
}) => {
  const root = await rootToken(request);
  const member = await newMember(request, root, `prefen${Date.now() % 1_000_000}`);
  await signIn(page, member.username);
  // The interface language is the device's choice, kept in localStorage.
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.goto('/my-profile?tab=preferences');

  await expect(page.getByRole('tab', { name: 'Preferences' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('switch', { name: 'Notifications on this device' })).toBeVisible();
  const calendar = page.getByRole('region', { name: 'My calendar' });
  await expect(calendar.getByText('No calendar link is active.')).toBeVisible();
  await calendar.getByRole('button', { name: 'Create my calendar link' }).click();
  await expect(calendar.getByLabel('My calendar link')).toHaveValue(
    /\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/,
  );
  await expect(calendar.getByRole('link', { name: 'Subscribe in my calendar' })).toBeVisible();
  await expectNoAxeViolations(page);
  for (const width of [390, 1280])
    await screenshotWhole(page, `test-results/screenshots/preferences-en-${width}.png`, width);
});
