import 'fake-indexeddb/auto';
import type { ChecklistRow } from '@common/rules/checklist-rows';
import i18n from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { setRowStatus } from '../../../src/data/checklist';
import { appDb } from '../../../src/data/core/db';
import { StorageFullError } from '../../../src/data/core/sync';
import { errorText } from '../../../src/i18n/error-text';
import { USER } from '../fake-api';
import { cachedEvent, EVENT_UUID, MEMBER_ID } from './event-fixture';

describe('a full device', () => {
  it('turns a quota error into a message the user can read', async () => {
    await appDb().events.put(cachedEvent());
    // A tick's row is added by the store itself (core/tick-write.ts): the browser's refusal, as it names it.
    vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementationOnce(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    const row: ChecklistRow = {
      key: `u:${MEMBER_ID}`,
      userId: MEMBER_ID,
      isInvited: false,
      kind: 'member',
      name: 'ana',
      stuff: '',
      kit: [],
      status: 'absent',
      isChecked: false,
    };
    const failure = await setRowStatus(USER, EVENT_UUID, row, 'present').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StorageFullError);
    expect(errorText(i18n.t.bind(i18n), failure)).toContain("L'espace de stockage de l'appareil est plein");
    // Nothing half-done: the tick was not applied either.
    expect((await appDb().events.get(EVENT_UUID))?.subscribers_with_stuff[0]?.is_checked).toBe(false);
  });
});
