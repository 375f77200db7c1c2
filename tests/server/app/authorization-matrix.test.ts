import { randomUUID } from 'node:crypto';
import type { RoleName } from '@common/contract/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, solidImage } from '../helpers/multipart';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

/**
 * Every endpoint of the accounts/users/settings/catalog API × every kind of caller. The expected statuses
 * are written out literally, cell by cell — never derived from the rules the guards use.
 */
/** `Guardian`: a User who guards a minor without a login, `kid` (docs/rules.md#families). */
type Principal = 'anonymous' | 'User' | 'Contributor' | 'Admin' | 'SuperAdmin' | 'Guardian';
const PRINCIPALS: Principal[] = ['anonymous', 'User', 'Contributor', 'Admin', 'SuperAdmin', 'Guardian'];

let ctx: TestContext;
const ids: Record<string, string> = {};
const tokens: Partial<Record<Principal, string>> = {};
let png: Buffer;

beforeAll(async () => {
  ctx = await createTestContext();
  const accounts: Array<[string, RoleName]> = [
    ['member', 'User'],
    ['contrib', 'Contributor'],
    ['admin', 'Admin'],
    ['root', 'SuperAdmin'],
    ['other', 'User'],
    ['admin2', 'Admin'],
    ['root2', 'SuperAdmin'],
    ['guardian', 'User'],
  ];
  for (const [name, role] of accounts) ids[name] = (await ctx.createUser(name, role)).id;
  // A nine-year-old without a login, whose guardian is `guardian`.
  ids.kid = (await ctx.createUser('kid', 'User')).id;
  const nineYearsAgo = `${new Date().getUTCFullYear() - 9}-01-15`;
  await ctx.db
    .updateTable('users')
    .set({ email: null, password_hash: null, birth_date: nineYearsAgo })
    .where('id', '=', ids.kid)
    .execute();
  await ctx.db
    .insertInto('guardianships')
    .values({
      child_id: ids.kid,
      guardian_id: ids.guardian ?? '',
      created_by: ids.guardian ?? '',
      created_at: new Date(),
    })
    .execute();
  // Invited, made Admin by a SuperAdmin, not confirmed yet: re-inviting it takes the right to give Admin.
  ids.invitedAdmin = (await ctx.createUser('invited-admin', 'Admin')).id;
  await ctx.db
    .updateTable('users')
    .set({ confirmed_at: null, password_hash: null })
    .where('id', '=', ids.invitedAdmin)
    .execute();
  tokens.User = await ctx.signIn('member');
  tokens.Contributor = await ctx.signIn('contrib');
  tokens.Admin = await ctx.signIn('admin');
  tokens.SuperAdmin = await ctx.signIn('root');
  tokens.Guardian = await ctx.signIn('guardian');
  png = await solidImage('png');
});
afterAll(() => ctx.close());

const SELF: Record<Principal, string> = {
  anonymous: 'member',
  User: 'member',
  Contributor: 'contrib',
  Admin: 'admin',
  SuperAdmin: 'root',
  Guardian: 'guardian',
};

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: object | Buffer;
  headers?: Record<string, string>;
}

async function restoreTargets() {
  await ctx.db
    .updateTable('users')
    .set({ role_name: 'User', is_revoked: false })
    .where('id', '=', ids.other ?? '')
    .execute();
  await ctx.db
    .updateTable('users')
    .set({ role_name: 'Admin', is_revoked: false })
    .where('id', '=', ids.admin2 ?? '')
    .execute();
}

/** An event the Contributor runs (tomorrow), once; and a comment on it by the User, fresh for each call. */
let commentEvent: string | undefined;
async function eventToTalkUnder(): Promise<string> {
  if (commentEvent) return commentEvent;
  const start = new Date(Date.now() + 86_400_000);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/event/add-or-update',
    headers: bearer(tokens.Contributor ?? ''),
    payload: {
      uuid_model_event: await newModel(),
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + 3_600_000).toISOString(),
      city: 'Brest',
      zip_code: '29200',
      max_subscribers: 10,
      stuffs_available: [],
    },
  });
  commentEvent = response.json().uuid_event as string;
  return commentEvent;
}
async function membersComment(): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/event/${await eventToTalkUnder()}/comments`,
    headers: bearer(tokens.User ?? ''),
    payload: { text: 'Qui amène la remorque ?' },
  });
  return response.json().id as string;
}

async function newModel(): Promise<string> {
  const uuid = randomUUID();
  await ctx.db.insertInto('event_models').values({ uuid, name: 'Kayak', description: 'Sortie' }).execute();
  return uuid;
}
async function newStuff(): Promise<string> {
  const uuid = randomUUID();
  await ctx.db
    .insertInto('stuffs')
    .values({ uuid, name: 'Kayak', description: 'Biplace', stock: 2, is_infinite: false })
    .execute();
  return uuid;
}
const upload = () => {
  const { payload, headers } = multipartFile(png);
  return { payload, headers };
};

type Row = [label: string, call: (p: Principal) => Call | Promise<Call>, expected: Record<Principal, number>];
const row = (
  anonymous: number,
  User: number,
  Contributor: number,
  Admin: number,
  SuperAdmin: number,
  Guardian: number,
) => ({ anonymous, User, Contributor, Admin, SuperAdmin, Guardian });

let counter = 0;
const unique = () => `new${++counter}`;

const MATRIX: Row[] = [
  [
    'POST /api/user/register',
    () => ({
      method: 'POST',
      url: '/api/user/register',
      payload: { username: unique(), email: `${unique()}@example.org` },
    }),
    row(401, 403, 403, 200, 200, 403),
  ],
  [
    'POST /api/user/register (again: an unconfirmed Admin)',
    () => ({
      method: 'POST',
      url: '/api/user/register',
      payload: { username: 'invited-admin', email: 'invited-admin@example.org' },
    }),
    row(401, 403, 403, 403, 200, 403),
  ],
  [
    'POST /api/user/{an invitee}/invitation (Admins who may change its role)',
    async () => {
      // A fresh invitee for each caller: an account gets one invitation mail per five minutes.
      const invitee = await ctx.createUser(unique(), 'User');
      await ctx.db
        .updateTable('users')
        .set({ confirmed_at: null, password_hash: null })
        .where('id', '=', invitee.id)
        .execute();
      return { method: 'POST', url: `/api/user/${invitee.id}/invitation` };
    },
    row(401, 403, 403, 200, 200, 403),
  ],
  [
    'GET /api/internal/email-settings',
    () => ({ method: 'GET', url: '/api/internal/email-settings' }),
    row(401, 403, 403, 200, 200, 403),
  ],
  [
    'POST /api/internal/email-settings/test (to the Admin themself)',
    () => ({ method: 'POST', url: '/api/internal/email-settings/test' }),
    row(401, 403, 403, 202, 202, 403),
  ],
  [
    'POST /api/user/confirm/{token} (public; unknown token)',
    () => ({
      method: 'POST',
      url: `/api/user/confirm/${'x'.repeat(43)}`,
      payload: { password: 'Str0ngPassword' },
    }),
    row(400, 400, 400, 400, 400, 400),
  ],
  [
    'POST /api/user/email/confirm/{token} (public; unknown token)',
    () => ({ method: 'POST', url: `/api/user/email/confirm/${'x'.repeat(43)}` }),
    row(400, 400, 400, 400, 400, 400),
  ],
  [
    // The token is the credential (docs/rules.md#answer-links): a session changes nothing.
    'POST /api/answer/{token}/push (public; unknown token)',
    () => ({
      method: 'POST',
      url: `/api/answer/${randomUUID()}.${randomUUID()}.come.${Math.floor(Date.now() / 1000) + 3600}.${'x'.repeat(43)}/push`,
    }),
    row(404, 404, 404, 404, 404, 404),
  ],
  [
    'POST /api/user/reset Ask (public)',
    () => ({ method: 'POST', url: '/api/user/reset', payload: { Ask: { email: 'other@example.org' } } }),
    row(200, 200, 200, 200, 200, 200),
  ],
  ['GET /api/user/me', () => ({ method: 'GET', url: '/api/user/me' }), row(401, 200, 200, 200, 200, 200)],
  ['GET /api/user', () => ({ method: 'GET', url: '/api/user' }), row(401, 403, 403, 200, 200, 403)],
  [
    'GET /api/user/profile/{self}',
    (p) => ({ method: 'GET', url: `/api/user/profile/${ids[SELF[p]]}` }),
    row(401, 200, 200, 200, 200, 200),
  ],
  [
    'GET /api/user/profile/{other User}',
    () => ({ method: 'GET', url: `/api/user/profile/${ids.other}` }),
    row(401, 403, 403, 200, 200, 403),
  ],
  [
    'GET /api/user/profile/{other SuperAdmin}',
    () => ({ method: 'GET', url: `/api/user/profile/${ids.root2}` }),
    row(401, 403, 403, 200, 200, 403),
  ],
  [
    'PUT /api/user/profile/update/{self}',
    (p) => ({ method: 'PUT', url: `/api/user/profile/update/${ids[SELF[p]]}`, payload: { city: 'Lyon' } }),
    row(401, 200, 200, 200, 200, 200),
  ],
  [
    'PUT /api/user/profile/update/{other User}',
    () => ({ method: 'PUT', url: `/api/user/profile/update/${ids.other}`, payload: { city: 'Lyon' } }),
    row(401, 403, 403, 200, 200, 403),
  ],
  [
    // Only where the role could be changed too (docs/rules.md#roles): an Admin never edits another Admin.
    'PUT /api/user/profile/update/{other Admin}',
    () => ({ method: 'PUT', url: `/api/user/profile/update/${ids.admin2}`, payload: { city: 'Lyon' } }),
    row(401, 403, 403, 403, 200, 403),
  ],
  [
    'PUT /api/user/profile/update/{other SuperAdmin}',
    () => ({ method: 'PUT', url: `/api/user/profile/update/${ids.root2}`, payload: { city: 'Lyon' } }),
    row(401, 403, 403, 403, 403, 403),
  ],
  [
    'PUT /api/user/role/{other User} → Contributor',
    () => ({ method: 'PUT', url: `/api/user/role/${ids.other}`, payload: { role_name: 'Contributor' } }),
    row(401, 403, 403, 200, 200, 403),
  ],
  [
    'PUT /api/user/role/{other User} → User',
    () => ({ method: 'PUT', url: `/api/user/role/${ids.other}`, payload: { role_name: 'User' } }),
    row(401, 403, 403, 200, 200, 403),
  ],
  [
    'PUT /api/user/role/{other User} → Admin',
    () => ({ method: 'PUT', url: `/api/user/role/${ids.other}`, payload: { role_name: 'Admin' } }),
    row(401, 403, 403, 403, 200, 403),
  ],
  [
    'PUT /api/user/role/{other Admin} → User',
    () => ({ method: 'PUT', url: `/api/user/role/${ids.admin2}`, payload: { role_name: 'User' } }),
    row(401, 403, 403, 403, 200, 403),
  ],
  [
    'PUT /api/user/role/{other User} → SuperAdmin',
    () => ({ method: 'PUT', url: `/api/user/role/${ids.other}`, payload: { role_name: 'SuperAdmin' } }),
    row(401, 403, 403, 403, 403, 403),
  ],
  [
    'PUT /api/user/role/{self} → User',
    (p) => ({ method: 'PUT', url: `/api/user/role/${ids[SELF[p]]}`, payload: { role_name: 'User' } }),
    row(401, 403, 403, 403, 403, 403),
  ],
  [
    'PUT /api/user/role/{other SuperAdmin} → Admin',
    () => ({ method: 'PUT', url: `/api/user/role/${ids.root2}`, payload: { role_name: 'Admin' } }),
    row(401, 403, 403, 403, 403, 403),
  ],
  [
    'PUT /api/user/status/{other User} unlock',
    () => ({
      method: 'PUT',
      url: `/api/user/status/${ids.other}`,
      payload: { status: 'Lock', action: false },
    }),
    row(401, 403, 403, 200, 200, 403),
  ],
  [
    'PUT /api/user/status/{other SuperAdmin} unlock',
    () => ({
      method: 'PUT',
      url: `/api/user/status/${ids.root2}`,
      payload: { status: 'Lock', action: false },
    }),
    row(401, 403, 403, 200, 200, 403),
  ],
  [
    'PUT /api/user/status/{other User} revoke',
    () => ({
      method: 'PUT',
      url: `/api/user/status/${ids.other}`,
      payload: { status: 'Revok', action: true },
    }),
    row(401, 403, 403, 200, 200, 403),
  ],
  [
    'PUT /api/user/status/{other User} reactivate',
    () => ({
      method: 'PUT',
      url: `/api/user/status/${ids.other}`,
      payload: { status: 'Revok', action: false },
    }),
    row(401, 403, 403, 200, 200, 403),
  ],
  [
    'PUT /api/user/status/{other Admin} revoke',
    () => ({
      method: 'PUT',
      url: `/api/user/status/${ids.admin2}`,
      payload: { status: 'Revok', action: true },
    }),
    row(401, 403, 403, 200, 200, 403),
  ],
  [
    'PUT /api/user/status/{self} revoke',
    (p) => ({
      method: 'PUT',
      url: `/api/user/status/${ids[SELF[p]]}`,
      payload: { status: 'Revok', action: true },
    }),
    row(401, 403, 403, 403, 403, 403),
  ],
  [
    'PUT /api/user/status/{other SuperAdmin} revoke',
    () => ({
      method: 'PUT',
      url: `/api/user/status/${ids.root2}`,
      payload: { status: 'Revok', action: true },
    }),
    row(401, 403, 403, 403, 403, 403),
  ],
  [
    'POST /api/user/profile/picture (own)',
    () => ({ method: 'POST', url: '/api/user/profile/picture', ...upload() }),
    row(401, 200, 200, 200, 200, 200),
  ],
  [
    'POST /api/user/profile/picture?user_id={other User}',
    () => ({ method: 'POST', url: `/api/user/profile/picture?user_id=${ids.other}`, ...upload() }),
    row(401, 403, 403, 200, 200, 403),
  ],
  [
    'POST /api/user/profile/picture?user_id={other Admin}',
    () => ({ method: 'POST', url: `/api/user/profile/picture?user_id=${ids.admin2}`, ...upload() }),
    row(401, 403, 403, 403, 200, 403),
  ],
  [
    'POST /api/user/profile/picture?user_id={other SuperAdmin}',
    () => ({ method: 'POST', url: `/api/user/profile/picture?user_id=${ids.root2}`, ...upload() }),
    row(401, 403, 403, 403, 403, 403),
  ],
  [
    'GET /api/user/preference/{self}',
    (p) => ({ method: 'GET', url: `/api/user/preference/${ids[SELF[p]]}` }),
    row(401, 200, 200, 200, 200, 200),
  ],
  [
    'GET /api/user/preference/{other User}',
    () => ({ method: 'GET', url: `/api/user/preference/${ids.other}` }),
    row(401, 403, 403, 200, 200, 403),
  ],
  [
    'PUT /api/user/preference/{self}',
    (p) => ({
      method: 'PUT',
      url: `/api/user/preference/${ids[SELF[p]]}`,
      payload: { setting: { name: 'event_update', active: false } },
    }),
    row(401, 200, 200, 200, 200, 200),
  ],
  [
    'PUT /api/user/preference/{other User}',
    () => ({
      method: 'PUT',
      url: `/api/user/preference/${ids.other}`,
      payload: { setting: { name: 'event_update', active: false } },
    }),
    row(401, 403, 403, 200, 200, 403),
  ],
  [
    'PUT /api/user/preference/{other SuperAdmin}',
    () => ({
      method: 'PUT',
      url: `/api/user/preference/${ids.root2}`,
      payload: { setting: { name: 'event_update', active: false } },
    }),
    row(401, 403, 403, 403, 403, 403),
  ],
  [
    'GET /api/user/system/settings/{self}',
    (p) => ({ method: 'GET', url: `/api/user/system/settings/${ids[SELF[p]]}` }),
    row(401, 403, 403, 200, 200, 403),
  ],
  [
    'PUT /api/user/system/settings/{self}',
    (p) => ({
      method: 'PUT',
      url: `/api/user/system/settings/${ids[SELF[p]]}`,
      payload: { setting: { name: 'weekly_event_list', active: false } },
    }),
    row(401, 403, 403, 200, 200, 403),
  ],
  [
    'GET /api/internal/settings?key=slogan (public)',
    () => ({ method: 'GET', url: '/api/internal/settings?key=slogan' }),
    row(200, 200, 200, 200, 200, 200),
  ],
  [
    'PUT /api/internal/settings?key=slogan',
    () => ({ method: 'PUT', url: '/api/internal/settings?key=slogan&value=Allez%20le%20club' }),
    row(401, 403, 403, 200, 200, 403),
  ],
  [
    'PUT /api/internal/settings/logo',
    () => ({ method: 'PUT', url: '/api/internal/settings/logo', ...upload() }),
    row(401, 403, 403, 200, 200, 403),
  ],
  [
    'GET /api/event/model',
    () => ({ method: 'GET', url: '/api/event/model' }),
    row(401, 200, 200, 200, 200, 200),
  ],
  [
    'POST /api/event/model/add',
    () => ({
      method: 'POST',
      url: '/api/event/model/add',
      payload: { name: 'Kayak', description: 'Sortie en mer' },
    }),
    row(401, 403, 200, 200, 200, 403),
  ],
  [
    'POST /api/event/model/update',
    async () => ({
      method: 'POST',
      url: '/api/event/model/update',
      payload: { uuid: await newModel(), name: 'Kayak', description: 'Rivière' },
    }),
    row(401, 403, 200, 200, 200, 403),
  ],
  [
    'DELETE /api/event/model/delete/{id}',
    async () => ({ method: 'DELETE', url: `/api/event/model/delete/${await newModel()}` }),
    row(401, 403, 204, 204, 204, 403),
  ],
  ['GET /api/stuff', () => ({ method: 'GET', url: '/api/stuff' }), row(401, 200, 200, 200, 200, 200)],
  [
    // An Admin's report is the club's, a Contributor's their own events' (docs/rules.md#season-report).
    'GET /api/report/season',
    () => ({ method: 'GET', url: '/api/report/season?from=2026-09-01&to=2026-09-30' }),
    row(401, 403, 200, 200, 200, 403),
  ],
  [
    'POST /api/stuff/add',
    () => ({
      method: 'POST',
      url: '/api/stuff/add',
      payload: { name: 'Pagaie', description: 'Carbone', stock: 4 },
    }),
    row(401, 403, 200, 200, 200, 403),
  ],
  [
    'POST /api/stuff/update',
    async () => ({
      method: 'POST',
      url: '/api/stuff/update',
      payload: { uuid: await newStuff(), name: 'Pagaie', description: 'Bois', is_infinite: true },
    }),
    row(401, 403, 200, 200, 200, 403),
  ],
  [
    'DELETE /api/stuff/delete/{id}',
    async () => ({ method: 'DELETE', url: `/api/stuff/delete/${await newStuff()}` }),
    row(401, 403, 204, 204, 204, 403),
  ],
  [
    'GET /api/docs/json (public)',
    () => ({ method: 'GET', url: '/api/docs/json' }),
    row(200, 200, 200, 200, 200, 200),
  ],
  [
    'GET /api/user/profile/{a minor}',
    () => ({ method: 'GET', url: `/api/user/profile/${ids.kid}` }),
    row(401, 403, 403, 200, 200, 200),
  ],
  [
    'PUT /api/user/profile/update/{a minor}',
    () => ({ method: 'PUT', url: `/api/user/profile/update/${ids.kid}`, payload: { shoe_size: 33 } }),
    row(401, 403, 403, 200, 200, 200),
  ],
  [
    'GET /api/user/export/{a minor}',
    () => ({ method: 'GET', url: `/api/user/export/${ids.kid}` }),
    row(401, 403, 403, 200, 200, 200),
  ],
  [
    'GET /api/user/export/{a minor}/page.html',
    () => ({ method: 'GET', url: `/api/user/export/${ids.kid}/page.html` }),
    row(401, 403, 403, 200, 200, 200),
  ],
  [
    'GET /api/user/preference/{a minor}',
    () => ({ method: 'GET', url: `/api/user/preference/${ids.kid}` }),
    row(401, 403, 403, 200, 200, 200),
  ],
  [
    'PUT /api/user/password/{a minor} (never for someone else)',
    () => ({
      method: 'PUT',
      url: `/api/user/password/${ids.kid}`,
      payload: { password: 'Str0ngPassword', new_password: 'N3w-Str0ngPassword' },
    }),
    row(401, 403, 403, 403, 403, 403),
  ],
  [
    'POST /api/family/children',
    () => ({
      method: 'POST',
      url: '/api/family/children',
      payload: { first_name: 'Enfant', last_name: randomUUID().slice(0, 8), birth_date: '2018-03-01' },
    }),
    row(401, 201, 201, 201, 201, 201),
  ],
  ['GET /api/family', () => ({ method: 'GET', url: '/api/family' }), row(401, 200, 200, 200, 200, 200)],
  [
    'POST /api/user/{a minor}/guardians (an existing account)',
    () => ({
      method: 'POST',
      url: `/api/user/${ids.kid}/guardians`,
      payload: { email: 'other@example.org' },
    }),
    row(401, 403, 403, 201, 201, 201),
  ],
  [
    'GET /api/user/{a minor}/consents',
    () => ({ method: 'GET', url: `/api/user/${ids.kid}/consents` }),
    row(401, 403, 403, 200, 200, 200),
  ],
  [
    'PUT /api/user/{a minor}/consents (guardians only, never an Admin in their place)',
    () => ({
      method: 'PUT',
      url: `/api/user/${ids.kid}/consents`,
      payload: { season: '2026-2027', transport: true },
    }),
    row(401, 403, 403, 403, 403, 200),
  ],
  [
    'PUT /api/user/{a minor}/licence (Admins only)',
    () => ({
      method: 'PUT',
      url: `/api/user/${ids.kid}/licence`,
      payload: { number: '0123456', federation: 'FFCK', type: 'Canoë Plus', season: '2026-2027' },
    }),
    row(401, 403, 403, 200, 200, 403),
  ],
  [
    'PUT /api/user/{a minor}/health (the member, a guardian, Admins)',
    () => ({
      method: 'PUT',
      url: `/api/user/${ids.kid}/health`,
      payload: { items: [{ kind: 'pps', date: '2025-10-01' }] },
    }),
    row(401, 403, 403, 200, 200, 200),
  ],
  [
    "GET /api/user/{a minor}/member-file (health data: never an organiser's)",
    () => ({ method: 'GET', url: `/api/user/${ids.kid}/member-file` }),
    row(401, 403, 403, 200, 200, 200),
  ],
  [
    'GET /api/user/{a minor}/dossier',
    () => ({ method: 'GET', url: `/api/user/${ids.kid}/dossier` }),
    row(401, 403, 403, 200, 200, 200),
  ],
  [
    'GET /api/user/dossiers-to-settle (health reasons: Admins only)',
    () => ({ method: 'GET', url: '/api/user/dossiers-to-settle' }),
    row(401, 403, 403, 200, 200, 403),
  ],
  [
    'GET /api/user/dossiers-to-settle.csv',
    () => ({ method: 'GET', url: '/api/user/dossiers-to-settle.csv' }),
    row(401, 403, 403, 200, 200, 403),
  ],
  [
    'GET /api/event/{id}/comments',
    async () => ({ method: 'GET', url: `/api/event/${await eventToTalkUnder()}/comments` }),
    row(401, 200, 200, 200, 200, 200),
  ],
  [
    'POST /api/event/{id}/comments',
    async () => ({
      method: 'POST',
      url: `/api/event/${await eventToTalkUnder()}/comments`,
      payload: { text: 'Covoiturage depuis Quimper ?' },
    }),
    row(401, 201, 201, 201, 201, 201),
  ],
  [
    'POST /api/event/{id}/comments for a minor (their guardian only)',
    async () => ({
      method: 'POST',
      url: `/api/event/${await eventToTalkUnder()}/comments`,
      payload: { text: 'Pour mon fils', acting_for: ids.kid },
    }),
    row(401, 403, 403, 403, 403, 201),
  ],
  [
    "PUT /api/event/comment/{the User's} (its author only)",
    async () => ({
      method: 'PUT',
      url: `/api/event/comment/${await membersComment()}`,
      payload: { text: 'Moi !' },
    }),
    row(401, 200, 403, 403, 403, 403),
  ],
  [
    "DELETE /api/event/comment/{the User's} (its author, the event's organiser, Admins)",
    async () => ({ method: 'DELETE', url: `/api/event/comment/${await membersComment()}` }),
    row(401, 200, 200, 200, 200, 403),
  ],
];

describe('authorization matrix', () => {
  it(`has ${MATRIX.length} endpoints × ${PRINCIPALS.length} principals`, () => {
    expect(MATRIX.length * PRINCIPALS.length).toBe(468);
  });

  for (const [label, makeCall, expected] of MATRIX) {
    it(label, async () => {
      const actual: Record<string, number> = {};
      for (const principal of PRINCIPALS) {
        await restoreTargets();
        const call = await makeCall(principal);
        const token = tokens[principal as Exclude<Principal, 'anonymous'>];
        const response = await ctx.app.inject({
          method: call.method,
          url: call.url,
          ...(call.payload ? { payload: call.payload } : {}),
          headers: { ...call.headers, ...(token ? bearer(token) : {}) },
        });
        actual[principal] = response.statusCode;
      }
      expect(actual).toEqual(expected);
    });
  }
});
