import fs from 'node:fs';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appDb } from '../../../src/data/core/db';
import { uploadLogo } from '../../../src/data/settings';
import { BUNDLED_LOGO, INLINE_LOGO } from '../../../src/ui/bundled-logo';
import { ClubLogo } from '../../../src/ui/club-logo';
import { json, stubFetch } from '../fake-api';

describe('the club logo', () => {
  it('shows the bundled logo until one is uploaded, then every logo on screen shows the new one at once', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/internal/settings/logo' && init.method === 'PUT')
        return json(200, { key: 'logo', value: '/files/logo.png?v=1732370000000' });
      return json(200, { timezone: 'Europe/Paris', slogan: 'Allez !', logo: '' });
    });
    render(
      <>
        <ClubLogo />
        <ClubLogo size={64} />
      </>,
    );
    const [header, preview] = screen.getAllByRole('img', { name: 'Logo du club' });
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/internal/settings/start', expect.anything()),
    );
    expect(header?.getAttribute('src')).toBe(BUNDLED_LOGO);

    await act(async () => {
      await uploadLogo(new Blob(['png'], { type: 'image/png' }));
    });
    const sent = fetchMock.mock.calls.find(([url]) => url === '/api/internal/settings/logo')?.[1]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect(((sent as FormData).get('file') as File).name).toBe('logo.png');
    // The server's versioned URL: the browser does not keep showing its cached copy of logo.png.
    await waitFor(() => expect(header?.getAttribute('src')).toBe('/files/logo.png?v=1732370000000'));
    expect(preview?.getAttribute('src')).toBe(header?.getAttribute('src'));
  });

  it('falls back to the bundled drawing carried in the code when neither file loads (offline, first visit)', async () => {
    await appDb().clubSettings.put({ key: 'logo', value: '/files/logo.png?v=2' });
    render(<ClubLogo />);
    const logo = screen.getByRole('img', { name: 'Logo du club' });
    await waitFor(() => expect(logo.getAttribute('src')).toBe('/files/logo.png?v=2'));
    fireEvent.error(logo);
    expect(logo.getAttribute('src')).toBe(BUNDLED_LOGO);
    fireEvent.error(logo);
    expect(logo.getAttribute('src')).toBe(INLINE_LOGO);
  });

  it('held: keeps its place empty and asks for no image, then shows the logo', async () => {
    stubFetch(() => json(200, { timezone: 'Europe/Paris', slogan: 'Allez !', logo: '' }));
    const { container, rerender } = render(<ClubLogo isHeld />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    const place = container.querySelector<HTMLElement>('.logo');
    expect(place?.style.width).toBe('40px');
    expect(place?.getAttribute('aria-hidden')).toBe('true');
    rerender(<ClubLogo />);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Logo du club' }).getAttribute('src')).toBe(BUNDLED_LOGO),
    );
  });

  it('carries the same drawing as public/logo.svg', () => {
    const drawing = (svg: string) =>
      svg
        .replace(/\s+role="img"|\s+aria-label="[^"]*"/g, '')
        .replace(/>\s+</g, '><')
        .trim();
    const inline = decodeURIComponent(INLINE_LOGO.replace('data:image/svg+xml,', ''));
    expect(inline).toBe(drawing(fs.readFileSync('public/logo.svg', 'utf8')));
  });
});
