import type { FamilyChild } from '@common/contract/family';
import type { Dossier } from '@common/contract/member-file';
import type { MemberFileAnswer, StoredHealthItem } from '@common/contract/member-file-answers';
import { json, stubFetch, USER } from '../../fake-api';

// A server holding members' files for « Mon dossier » tests (docs/rules.md#members-file).
export const LOU_ID = '1a1c1b8e-1c1e-4f7a-9a55-2b5d0c1e9f01';
export const ADMIN_SWIM: StoredHealthItem = {
  kind: 'savoir_nager',
  date: '2024-06-10',
  way: 'test',
  recorded_at: '2024-06-10T09:00:00.000Z',
  recorded_by_admin: true,
};
export const OWN_QS: StoredHealthItem = {
  kind: 'qs_sport',
  date: '2025-09-05',
  all_no: true,
  recorded_at: '2025-09-05T09:00:00.000Z',
  recorded_by_admin: false,
};

export interface Served {
  file: MemberFileAnswer;
  dossier: Dossier;
}

/** A server holding each member's file; a PUT takes the items and, with a CACI, makes the file complete. */
export function serve(files: Record<string, Served>, options: { refuseWrites?: boolean } = {}) {
  const writes: Array<{ url: string; body: unknown }> = [];
  const reads: string[] = [];
  stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    const id = /^\/api\/user\/([^/]+)\/(member-file|dossier|health)/.exec(url);
    const served = id?.[1] ? files[id[1]] : undefined;
    if (id && served) {
      if (method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { items: Array<{ kind: string }> };
        writes.push({ url, body });
        if (options.refuseWrites) {
          return json(400, { code: 'invalid_input', message: 'items', field: 'items' });
        }
        const kept = served.file.health_items;
        served.file.health_items = body.items.map(
          (item) =>
            kept.find((old) => JSON.stringify({ ...old, ...item }) === JSON.stringify(old)) ?? {
              ...(item as StoredHealthItem),
              recorded_at: '2026-11-29T08:00:00.000Z',
              recorded_by_admin: false,
            },
        );
        if (body.items.some((item) => item.kind === 'caci')) served.dossier = { status: 'ok', reasons: [] };
        return json(200, { items: served.file.health_items });
      }
      reads.push(url);
      return json(200, id[2] === 'dossier' ? served.dossier : served.file);
    }
    if (url === '/api/family') {
      const lou: FamilyChild = {
        ...USER,
        id: LOU_ID,
        username: 'lou',
        email: null,
        first_name: 'Lou',
        last_name: 'Le Bihan',
        birth_date: '2016-04-02',
        guardians: [{ id: USER.id, first_name: 'Marie', last_name: null }],
      };
      return json(200, { children: [lou], guardians: [], may_invite_guardians: true });
    }
    if (url === '/api/user/me') return json(200, USER);
    return json(200, { key: 'timezone', value: 'Europe/Paris' });
  });
  return { writes, reads };
}

export const incomplete = (): Served => ({
  file: {
    licences: [
      {
        season: '2026-2027',
        number: 'FFCK-123456',
        federation: 'FFCK',
        type: 'Canoë Plus',
        recorded_at: '2026-09-03T09:00:00.000Z',
      },
    ],
    health_items: [ADMIN_SWIM, OWN_QS],
  },
  dossier: { status: 'expired', reasons: ['health_expired', 'licence_expired'] },
});
