import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { passesOnWhite } from '../../../src/common/rules/colour-contrast';
import { CLUB_ACCENT_KEY, CLUB_LOGO_KEY, CLUB_NAME_KEY } from '../../../src/data/core/club-brand-mirror';
import { appDb } from '../../../src/data/core/db';
import { forgetStartBrand } from '../../../src/data/core/start-brand';
import { refreshClubSettings } from '../../../src/data/core/start-settings';
import { LoginBrand } from '../../../src/features/auth/login-brand';
import { json, stubFetch } from '../fake-api';

const accent = () => document.documentElement.style.getPropertyValue('--accent');
const START = {
  timezone: 'Europe/Paris',
  slogan: 'Pagayer ensemble',
  logo: '/uploads/logo.png?v=1',
  club_name: 'Canoë Club de la Rivière',
  accent_colour: '#0f766e',
};

beforeEach(async () => {
  document.title = 'Équipée';
  document.documentElement.style.removeProperty('--accent');
  await appDb().clubSettings.clear();
  forgetStartBrand();
});
afterEach(() => document.documentElement.style.removeProperty('--accent'));

// First: the boot script's tests below reset the modules, and a read's chunk imported after them would be
// another copy of the brand's store than the one the form listens to.
describe('the sign-in form’s club', () => {
  it('before any cache: a neutral mark, no name, never our « É »', async () => {
    stubFetch(() => json(503, { code: 'unavailable', message: 'down', field: null }));
    const { container } = render(<LoginBrand />);
    expect(container.querySelector('svg')).toBeTruthy(); // the neutral mark's glyph
    expect(screen.queryByRole('img')).toBeNull();
    // The name's line is kept, blank and hidden from screen readers, so the form does not move when it comes.
    const line = container.querySelector('p');
    expect(line?.textContent).toBe('\u00a0');
    expect(line?.getAttribute('aria-hidden')).toBe('true');
  });

  it('a club known from the last start but no cache answer yet: its name at once, no mark', () => {
    localStorage.setItem(CLUB_NAME_KEY, 'Canoë Club de la Rivière');
    stubFetch(() => json(503, { code: 'unavailable', message: 'down', field: null }));
    const { container } = render(<LoginBrand />);
    expect(screen.getByText('Canoë Club de la Rivière')).toBeTruthy();
    expect(container.querySelector('svg')).toBeNull();
  });

  it('a club whose logo was read at the last start: its name and logo at once', () => {
    localStorage.setItem(CLUB_NAME_KEY, 'Canoë Club de la Rivière');
    localStorage.setItem(CLUB_LOGO_KEY, '/uploads/logo.png?v=1');
    stubFetch(() => json(503, { code: 'unavailable', message: 'down', field: null }));
    render(<LoginBrand />);
    expect(screen.getByText('Canoë Club de la Rivière')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Logo du club' }).getAttribute('src')).toBe(
      '/uploads/logo.png?v=1',
    );
  });

  it('signed out, the logo and name come from the read, and the cache is neither read nor written', async () => {
    const cache = appDb().clubSettings;
    const uses = [vi.spyOn(cache, 'get'), vi.spyOn(cache, 'bulkGet'), vi.spyOn(cache, 'bulkPut')];
    stubFetch(() => json(200, START));
    render(<LoginBrand />);
    expect(await screen.findByText('Canoë Club de la Rivière')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Logo du club' }).getAttribute('src')).toBe(
        '/uploads/logo.png?v=1',
      ),
    );
    for (const use of uses) expect(use).not.toHaveBeenCalled();
    // Mirrored for the next start's first frame.
    expect(localStorage.getItem(CLUB_LOGO_KEY)).toBe('/uploads/logo.png?v=1');
  });

  it("once the settings are read: the club's logo and name", async () => {
    stubFetch(() => json(200, START));
    const { container } = render(<LoginBrand />);
    expect(await screen.findByText('Canoë Club de la Rivière')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Logo du club' }).getAttribute('src')).toBe(
        '/uploads/logo.png?v=1',
      ),
    );
    expect(container.querySelector('svg')).toBeNull();
  });
});

// The app shell wears the club (docs/rules.md#club-settings): title and accent before the first paint, from
// the mirror the settings cache writes; the sign-in form shows the club's logo and name.
describe("the club's name and colour on the page", () => {
  it('the boot script sets the title and the accent from the mirror, before the bundle', async () => {
    localStorage.setItem(CLUB_NAME_KEY, 'Canoë Club de la Rivière');
    localStorage.setItem(CLUB_ACCENT_KEY, '#0f766e');
    stubFetch(() => json(200, {}));
    vi.resetModules();
    vi.stubGlobal('__PAGE_BOOT_PARSER_MODULES__', []);
    await import('../../../src/app/boot/page-boot');
    expect(document.title).toBe('Canoë Club de la Rivière');
    expect(accent()).toBe('#0f766e');
  });

  it('with no mirror yet, the boot script leaves our title and blue', async () => {
    stubFetch(() => json(200, {}));
    vi.resetModules();
    vi.stubGlobal('__PAGE_BOOT_PARSER_MODULES__', []);
    await import('../../../src/app/boot/page-boot');
    expect(document.title).toBe('Équipée');
    expect(accent()).toBe('');
  });

  it('reading the settings wears and mirrors them for the next start', async () => {
    stubFetch(() => json(200, START));
    await refreshClubSettings(appDb(), true);
    expect(document.title).toBe('Canoë Club de la Rivière');
    expect(accent()).toBe('#0f766e');
    expect(localStorage.getItem(CLUB_NAME_KEY)).toBe('Canoë Club de la Rivière');
    expect(localStorage.getItem(CLUB_ACCENT_KEY)).toBe('#0f766e');
  });

  it('a colour kept from before the contrast rule is worn as its nearest shade that carries white text', async () => {
    stubFetch(() => json(200, { ...START, accent_colour: '#facc15' }));
    await refreshClubSettings(appDb(), true);
    const worn = localStorage.getItem(CLUB_ACCENT_KEY) ?? '';
    expect(worn).not.toBe('#facc15');
    expect(passesOnWhite(worn)).toBe(true);
    expect(accent()).toBe(worn);
  });
});
