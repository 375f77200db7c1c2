import { beforeEach, describe, expect, it } from 'vitest';
import { mirroredClubLogo, mirroredClubName } from '../../../src/data/core/club-brand-mirror';
import { appDb } from '../../../src/data/core/db';
import { forgetStartBrand, keepStartBrand, latestStartBrand } from '../../../src/data/core/start-brand';
import { updateClubSettings, updateSlogan, uploadLogo } from '../../../src/data/settings';
import { json, stubFetch } from '../fake-api';

describe('updateSlogan', () => {
  it('sends the slogan encoded in the query and caches what the server kept, for the header', async () => {
    const fetchMock = stubFetch(() => json(200, { key: 'slogan', value: 'Ramer & rire ?' }));
    expect(await updateSlogan('Ramer & rire ?')).toBe('Ramer & rire ?');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.method).toBe('PUT');
    expect(url).toBe('/api/internal/settings?key=slogan&value=Ramer%20%26%20rire%20%3F');
    expect((await appDb().clubSettings.get('slogan'))?.value).toBe('Ramer & rire ?');
  });
});

describe('the club brand an Admin saves', () => {
  beforeEach(() => {
    localStorage.clear();
    forgetStartBrand();
  });

  it('shows a new logo on the sign-in forms at once, and on the next start before the settings answer', async () => {
    keepStartBrand({ clubName: 'Kayak Odet', logoUrl: '/files/logo.png?v=1' });
    stubFetch(() => json(200, { key: 'logo', value: '/files/logo.png?v=2' }));
    expect(await uploadLogo(new Blob(['png']))).toBe('/files/logo.png?v=2');
    expect(latestStartBrand()).toEqual({ clubName: 'Kayak Odet', logoUrl: '/files/logo.png?v=2' });
    expect(mirroredClubLogo()).toBe('/files/logo.png?v=2');
    expect((await appDb().clubSettings.get('logo'))?.value).toBe('/files/logo.png?v=2');
  });

  it('shows a new name on the sign-in forms at once; with no read in this page, the mirror alone has it', async () => {
    const saved = {
      club_name: 'Canoë Odet',
      accent_colour: '#1d4ed8',
      reminder_hours: 24,
      show_attendees: true,
    };
    stubFetch(() => json(200, saved));
    await updateClubSettings({ club_name: 'Canoë Odet' });
    expect(latestStartBrand()).toBeUndefined();
    expect(mirroredClubName()).toBe('Canoë Odet');
    keepStartBrand({ clubName: 'Kayak Odet', logoUrl: '' });
    await updateClubSettings({ club_name: 'Canoë Odet' });
    expect(latestStartBrand()).toEqual({ clubName: 'Canoë Odet', logoUrl: '' });
  });
});
