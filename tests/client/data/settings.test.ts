import { describe, expect, it } from 'vitest';
import { appDb } from '../../../src/data/core/db';
import { updateSlogan } from '../../../src/data/settings';
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
