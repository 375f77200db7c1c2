import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { appDb } from '../../../src/data/db';
import { StorageFullError, tick } from '../../../src/data/sync';
import { errorText } from '../../../src/i18n/error-text';
import i18n from 'i18next';
import { USER } from '../fake-api';
import { cachedEvent, EVENT_UUID } from './event-fixture';

describe('a full device', () => {
  it('turns a quota error into a message the user can read', async () => {
    await appDb().events.put(cachedEvent());
    const quota = Object.assign(new Error('quota'), { name: 'QuotaExceededError' });
    vi.spyOn(appDb().outbox, 'add').mockRejectedValueOnce(quota);
    const failure = await tick(USER, EVENT_UUID, 'member-1', false, true).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StorageFullError);
    expect(errorText(i18n.t.bind(i18n), failure)).toContain("L'espace de stockage de l'appareil est plein");
    // Nothing half-done: the tick was not applied either.
    expect((await appDb().events.get(EVENT_UUID))?.subscribers_with_stuff[0]?.is_checked).toBe(false);
  });
});
