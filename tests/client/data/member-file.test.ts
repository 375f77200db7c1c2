import 'fake-indexeddb/auto';
import type { Dossier } from '@common/contract/member-file';
import type { MemberFileAnswer } from '@common/contract/member-file-answers';
import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { appDb } from '../../../src/data/core/db';
import { clearCachedData } from '../../../src/data/core/session-mirror';
import { setToken } from '../../../src/data/core/session-storage';
import { refreshMemberFile, saveHealthItems, useMemberFile } from '../../../src/data/member-file';
import { json, offline, stubFetch, USER } from '../fake-api';

// A member's file kept on the device for « Mon dossier » offline (docs/rules.md#members-file): read with its
// state today, replaced by what the server answers after a save, untouched by a refusal, gone at sign-out.
const FILE: MemberFileAnswer = {
  licences: [
    {
      season: '2026-2027',
      number: 'FFCK-123456',
      federation: 'FFCK',
      type: 'Canoë Plus',
      recorded_at: '2026-09-03T09:00:00.000Z',
    },
  ],
  health_items: [
    {
      kind: 'savoir_nager',
      date: '2024-06-10',
      way: 'test',
      recorded_at: '2024-06-10T09:00:00.000Z',
      recorded_by_admin: true,
    },
  ],
};
const MISSING: Dossier = { status: 'missing', reasons: ['health_missing'] };
const OK: Dossier = { status: 'ok', reasons: [] };

let sent: Array<{ method: string; url: string; body: unknown }>;
let dossier: Dossier;
let refuse: boolean;

beforeEach(async () => {
  setToken('tok');
  sent = [];
  dossier = MISSING;
  refuse = false;
  await appDb().memberFiles.clear();
  stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    sent.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (url === `/api/user/${USER.id}/member-file`) return json(200, FILE);
    if (url === `/api/user/${USER.id}/dossier`) return json(200, dossier);
    if (url === `/api/user/${USER.id}/health` && method === 'PUT') {
      if (refuse) return json(403, { code: 'forbidden', message: 'forbidden' });
      const body = JSON.parse(String(init.body)) as { items: Array<Record<string, unknown>> };
      dossier = OK;
      return json(200, {
        items: body.items.map((item) => ({
          ...item,
          recorded_at: '2026-11-29T08:00:00.000Z',
          recorded_by_admin: item.kind === 'savoir_nager',
        })),
      });
    }
    return json(404, { code: 'not_found', message: 'not found' });
  });
});

describe("the member's file on the device", () => {
  it('reads the file and its state today, and keeps them for offline', async () => {
    const { result } = renderHook(() => useMemberFile(USER.id));
    await waitFor(() => expect(result.current).toBeNull());

    await refreshMemberFile(USER.id);
    await waitFor(() => expect(result.current?.dossier).toEqual(MISSING));
    expect(result.current?.file).toEqual(FILE);
    expect(result.current?.readAt).toBeGreaterThan(0);

    // No signal: the read fails, the kept file stays as it was.
    stubFetch(offline);
    await expect(refreshMemberFile(USER.id)).rejects.toThrow();
    expect((await appDb().memberFiles.get(USER.id))?.file).toEqual(FILE);
  });

  it('sends the items without when or by whom they were recorded, and keeps the answer and the new state', async () => {
    await refreshMemberFile(USER.id);
    const [admin] = FILE.health_items;
    if (!admin) throw new Error('fixture');
    await saveHealthItems(USER.id, [admin, { kind: 'caci', date: '2026-11-20', competition: true }]);

    expect(sent.find((request) => request.method === 'PUT')).toEqual({
      method: 'PUT',
      url: `/api/user/${USER.id}/health`,
      body: {
        items: [
          { kind: 'savoir_nager', date: '2024-06-10', way: 'test' },
          { kind: 'caci', date: '2026-11-20', competition: true },
        ],
      },
    });
    const kept = await appDb().memberFiles.get(USER.id);
    expect(kept?.dossier).toEqual(OK);
    expect(kept?.file.licences).toEqual(FILE.licences);
    expect(kept?.file.health_items.map((item) => item.kind)).toEqual(['savoir_nager', 'caci']);
  });

  it('a refusal is thrown and changes nothing kept', async () => {
    await refreshMemberFile(USER.id);
    refuse = true;
    await expect(saveHealthItems(USER.id, [])).rejects.toMatchObject({ status: 403 });
    expect(await appDb().memberFiles.get(USER.id)).toMatchObject({ file: FILE, dossier: MISSING });
  });

  it('is forgotten at sign-out, with the rest of the member’s data', async () => {
    await refreshMemberFile(USER.id);
    await clearCachedData(appDb());
    expect(await appDb().memberFiles.count()).toBe(0);
  });
});
