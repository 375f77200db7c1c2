import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubDayOf, shiftDay } from '../../../src/common/rules/club-time';
import { copyOfPreset } from '../../../src/common/rules/member-file-club-preset';
import { seasonOf } from '../../../src/common/rules/member-file-days';
import { CODE_DU_SPORT, FFCK } from '../../../src/common/rules/member-file-presets';
import {
  createEvent,
  holdsPlace,
  insertModel,
  organiserAndMembers,
  subscribe,
} from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// The club's copy of its preset (docs/rules.md#members-file): bounded, based on the club's preset, dropped
// with it; a changed copy changes every file's status from the next read, and unsubscribes nobody.
let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
  await ctx.createUser('copyadmin', 'Admin');
  admin = await ctx.signIn('copyadmin');
});
afterAll(() => ctx.close());

const put = (payload: object) =>
  ctx.app.inject({ method: 'PUT', url: '/api/internal/club-settings', headers: bearer(admin), payload });
const read = async () =>
  (
    await ctx.app.inject({ method: 'GET', url: '/api/internal/club-settings', headers: bearer(admin) })
  ).json();
const today = () => clubDayOf(ctx.clock.now, 'Europe/Paris');

describe('the club’s copy of its preset', () => {
  it('is null by default, and bounded', async () => {
    expect((await read()).health_preset_copy).toBeNull();
    const base = copyOfPreset(CODE_DU_SPORT);
    for (const bad of [
      { ...base, caci_months: 0 },
      { ...base, caci_months: 25 },
      { ...base, caci_after_yes_months: 1.5 },
      { ...base, adult_qs_renewals: 6 },
      { ...base, adult_qs_renewals: -1 },
      { ...base, pps_months: 0 },
      { ...base, pps_months: 13 },
      { ...base, minor: 'nothing' },
      { ...base, savoir_nager: 'yes' },
      { ...base, based_on: 'judo' },
      { ...base, note: 'a free text' },
      { based_on: 'code_du_sport', caci_months: 12 },
    ]) {
      const answer = await put({ health_preset_copy: bad });
      expect(answer.statusCode, JSON.stringify(bad).slice(0, 60)).toBe(400);
      expect(answer.json().code).toBe('invalid_input');
    }
    expect((await read()).health_preset_copy).toBeNull();
  });

  it('must be based on the club’s preset; another preset drops it', async () => {
    const other = await put({ health_preset_copy: copyOfPreset(FFCK) });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'invalid_input', field: 'health_preset_copy' });

    const copy = { ...copyOfPreset(CODE_DU_SPORT), caci_months: 24, adult_qs_renewals: null, pps_months: 12 };
    const saved = await put({ health_preset_copy: copy });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().health_preset_copy).toEqual(copy);
    // Another setting leaves it.
    expect((await put({ health_keep_seasons: 2 })).json().health_preset_copy).toEqual(copy);

    expect((await put({ health_profile: 'ffck' })).json().health_preset_copy).toBeNull();
    // Dropped, not hidden: back on the old preset, there is no copy.
    expect((await put({ health_profile: 'code_du_sport' })).json().health_preset_copy).toBeNull();

    // A preset and a copy based on it in one request.
    const ffck = { ...copyOfPreset(FFCK), savoir_nager: false };
    const both = await put({ health_profile: 'ffck', health_preset_copy: ffck });
    expect(both.statusCode).toBe(200);
    expect(both.json()).toMatchObject({ health_profile: 'ffck', health_preset_copy: ffck });
    expect((await put({ health_preset_copy: null })).json().health_preset_copy).toBeNull();
    await put({ health_profile: 'code_du_sport', health_keep_seasons: 1 });
  });

  it('edited while a member is subscribed: the dossier changes, the member stays subscribed', async () => {
    const model = await insertModel(ctx, 'Copie');
    const { organiser, people } = await organiserAndMembers(ctx, 'copyorg', 1);
    const [member] = people;
    if (!member) throw new Error('no member');
    await ctx.db.updateTable('users').set({ birth_date: '1990-05-10' }).where('id', '=', member.id).execute();
    // An adult at their first renewal: a CACI of 400 days ago, the QS-SPORT attestation today.
    const season = seasonOf(today(), '09-01');
    const first = Number(season.slice(0, 4));
    for (const s of [`${first - 1}-${first}`, season]) {
      const licence = { number: '0042', federation: 'FFCK', type: 'Canoë Famille', season: s };
      const recorded = await ctx.app.inject({
        method: 'PUT',
        url: `/api/user/${member.id}/licence`,
        headers: bearer(admin),
        payload: licence,
      });
      expect(recorded.statusCode).toBe(200);
    }
    const items = [
      { kind: 'caci', date: shiftDay(today(), -400), competition: false },
      { kind: 'qs_sport', date: today(), all_no: true },
    ];
    const health = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/${member.id}/health`,
      headers: bearer(member.token),
      payload: { items },
    });
    expect(health.statusCode).toBe(200);
    const event = await createEvent(ctx, organiser.token, model);
    expect((await subscribe(ctx, member.token, member.id, event.uuid_event)).statusCode).toBe(200);
    const dossier = async () =>
      (
        await ctx.app.inject({ method: 'GET', url: `/api/user/${member.id}/dossier`, headers: bearer(admin) })
      ).json();
    expect((await dossier()).reasons).toEqual([]);

    // The club asks a CACI at every licence.
    const everyLicence = { ...copyOfPreset(CODE_DU_SPORT), adult_qs_renewals: 0 };
    expect((await put({ health_preset_copy: everyLicence })).statusCode).toBe(200);
    expect(await dossier()).toEqual({ status: 'expired', reasons: ['health_expired'] });
    expect(await holdsPlace(ctx, event.uuid_event, member.id)).toBe(true);

    // And a CACI now lasts two years: the old one counts again.
    expect((await put({ health_preset_copy: { ...everyLicence, caci_months: 24 } })).statusCode).toBe(200);
    expect((await dossier()).reasons).toEqual([]);
    expect(await holdsPlace(ctx, event.uuid_event, member.id)).toBe(true);
    await put({ health_preset_copy: null });
  });
});
