import {
  CLUB_SETTINGS_PATH,
  clubSettingsSchema,
  clubSettingsUpdateSchema,
  DEFAULT_SLOGAN,
  settingQuerySchema,
  settingResponseSchema,
  sloganUpdateQuerySchema,
  startSettingsSchema,
} from '@common/contract/settings';
import { START_SETTINGS_PATH } from '@common/contract/start-paths';
import { passesOnWhite } from '@common/rules/colour-contrast';
import { shortNameOf } from '@common/rules/short-name';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import { HttpError } from '../../http-error';
import { requireAdmin } from '../../plugins/auth';
import { logoUrl } from '../../plugins/public-files';
import {
  childLoginAge,
  guardiansInviteGuardians,
  readClubBrand,
  reminderHours,
  showAttendees,
  storedShortName,
} from './club-settings';
import { memberFileSettings, writeMemberFileSettings } from './member-file-settings';
import { deleteSetting, readSetting, writeSetting } from './settings.repository';
import { zoneTableAround } from './zone-table';

/** Public (registered outside the signed-in scope): the login screen shows the slogan and logo before anyone signs in. */
export async function publicSettingsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/internal/settings',
    { schema: { querystring: settingQuerySchema, response: { 200: settingResponseSchema } } },
    async (request) => {
      const { key } = request.query;
      if (key === 'logo') return { key, value: logoUrl(deps.config) };
      if (key === 'timezone') return { key, value: currentClub().timezone };
      if (key === 'address_search') return { key, value: deps.config.addressSearchUrl };
      return { key, value: (await readSetting(deps.db, 'slogan')) ?? DEFAULT_SLOGAN };
    },
  );

  routes.get(START_SETTINGS_PATH, { schema: { response: { 200: startSettingsSchema } } }, async () => {
    const brand = await readClubBrand(deps.db, deps.config);
    const timezone = currentClub().timezone;
    return {
      timezone,
      timezone_offsets: zoneTableAround(timezone, deps.now()),
      slogan: (await readSetting(deps.db, 'slogan')) ?? DEFAULT_SLOGAN,
      logo: logoUrl(deps.config),
      club_name: brand.clubName,
      accent_colour: brand.accentColour,
      short_name: shortNameOf(brand.clubName, await storedShortName(deps.db)),
    };
  });
}

/** Signed-in routes (registered inside the signed-in scope). */
export async function settingsRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  hooks: { afterAccentColour: (colour: string) => Promise<void> },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const clubSettings = async () => {
    const brand = await readClubBrand(deps.db, deps.config);
    return {
      club_name: brand.clubName,
      accent_colour: brand.accentColour,
      reminder_hours: await reminderHours(deps.db),
      show_attendees: await showAttendees(deps.db),
      child_login_age: await childLoginAge(deps.db),
      guardians_invite_guardians: await guardiansInviteGuardians(deps.db),
      short_name: await storedShortName(deps.db),
      ...(await memberFileSettings(deps.db)),
    };
  };

  routes.get(
    CLUB_SETTINGS_PATH,
    { schema: { response: { 200: clubSettingsSchema } }, onRequest: requireAdmin },
    clubSettings,
  );

  routes.put(
    CLUB_SETTINGS_PATH,
    {
      schema: { body: clubSettingsUpdateSchema, response: { 200: clubSettingsSchema } },
      onRequest: requireAdmin,
    },
    async (request) => {
      const {
        club_name,
        accent_colour,
        reminder_hours,
        show_attendees,
        child_login_age,
        guardians_invite_guardians,
        short_name,
        ...memberFile
      } = request.body;
      // White text sits on the accent colour (docs/rules.md#club-settings): the form proposes a darker shade.
      if (accent_colour !== undefined && !passesOnWhite(accent_colour))
        throw new HttpError(400, 'invalid_input', 'accent_colour');
      const now = deps.now();
      await deps.db.transaction().execute(async (trx) => {
        if (club_name !== undefined) await writeSetting(trx, 'club_name', club_name, now);
        if (accent_colour !== undefined) await writeSetting(trx, 'accent_colour', accent_colour, now);
        if (reminder_hours !== undefined)
          await writeSetting(trx, 'reminder_hours', String(reminder_hours), now);
        if (show_attendees !== undefined)
          await writeSetting(trx, 'show_attendees', String(show_attendees), now);
        if (child_login_age !== undefined)
          await writeSetting(trx, 'child_login_age', String(child_login_age), now);
        if (guardians_invite_guardians !== undefined)
          await writeSetting(trx, 'guardians_invite_guardians', String(guardians_invite_guardians), now);
        if (short_name === null) await deleteSetting(trx, 'short_name');
        else if (short_name !== undefined) await writeSetting(trx, 'short_name', short_name, now);
        await writeMemberFileSettings(trx, memberFile, now);
      });
      // The maskable icon may sit on the accent colour (docs/rules.md#club-settings): made again to match.
      if (accent_colour !== undefined) await hooks.afterAccentColour(accent_colour);
      return clubSettings();
    },
  );

  routes.put(
    '/api/internal/settings',
    {
      schema: { querystring: sloganUpdateQuerySchema, response: { 200: settingResponseSchema } },
      onRequest: requireAdmin,
    },
    async (request) => {
      await writeSetting(deps.db, 'slogan', request.query.value, deps.now());
      return { key: 'slogan' as const, value: request.query.value };
    },
  );
}
