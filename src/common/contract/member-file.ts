import { clubDayField, nameField } from './fields';
import { z } from './zod';

/**
 * The member's file (docs/rules.md#members-file): a licence and health items, dates and attestations only.
 * Every object is strict, so a field we do not know (a free text, a diagnosis) is refused, not dropped.
 */

/** A season "2025-2026": two consecutive years. */
export const seasonField = z
  .string()
  .regex(/^\d{4}-\d{4}$/)
  .refine((s) => Number(s.slice(5)) === Number(s.slice(0, 4)) + 1, 'two consecutive years');

/** The licence as an Admin enters it; the club's licence types are checked by the server. */
export const licenceSchema = z
  .object({
    number: z.string().trim().min(1).max(40),
    federation: z.string().trim().min(1).max(100),
    type: z.string().trim().min(1).max(60),
    season: seasonField,
  })
  .strict();
export type Licence = z.infer<typeof licenceSchema>;

/** The closed list of health items: anything else is refused (docs/rules.md#members-file). */
export const healthItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('caci'), date: clubDayField, competition: z.boolean() }).strict(),
  z.object({ kind: z.literal('qs_sport'), date: clubDayField, all_no: z.boolean() }).strict(),
  z.object({ kind: z.literal('minor_questionnaire'), date: clubDayField, signed_by: nameField }).strict(),
  z.object({ kind: z.literal('pps'), date: clubDayField }).strict(),
  z
    .object({ kind: z.literal('savoir_nager'), date: clubDayField, way: z.enum(['attestation', 'test']) })
    .strict(),
]);
export type HealthItem = z.infer<typeof healthItemSchema>;
export type HealthKind = HealthItem['kind'];

export const HEALTH_ITEMS_MAX = 20;
export const healthUpdateRequestSchema = z
  .object({ items: z.array(healthItemSchema).max(HEALTH_ITEMS_MAX) })
  .strict();

export * from './dossier';

/** `MM-DD`, a day that exists in a leap year (29 February is taken). */
export const monthDayField = z
  .string()
  .regex(/^\d{2}-\d{2}$/)
  .refine((md) => {
    const date = new Date(`2028-${md}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(5, 10) === md;
  }, 'a month and day');

export const HEALTH_PROFILES = [
  'code_du_sport',
  'contraintes_particulieres',
  'ffck',
  'ffessm',
  'ffa',
] as const;
export const healthProfileSchema = z.enum(HEALTH_PROFILES);
export type HealthProfile = z.infer<typeof healthProfileSchema>;

export const LICENCE_TYPES_MAX = 30;
export const licenceTypeSchema = z
  .object({ name: z.string().trim().min(1).max(60), opens_competition: z.boolean() })
  .strict();

/**
 * The club's edited copy of a preset (docs/rules.md#members-file): the rule fields an Admin may change, and
 * `based_on` the preset it was copied from; it is in force only while that preset is the club's.
 */
export const healthPresetCopySchema = z
  .object({
    based_on: healthProfileSchema,
    caci_months: z.number().int().min(1).max(24),
    caci_after_yes_months: z.number().int().min(1).max(24),
    adult_qs_renewals: z.number().int().min(0).max(5).nullable(),
    minor: z.enum(['questionnaire', 'caci']),
    competition_caci: z.boolean(),
    savoir_nager: z.boolean(),
    pps_months: z.number().int().min(1).max(12).nullable(),
    competition_by_licence_type: z.boolean(),
  })
  .strict();
export type HealthPresetCopy = z.infer<typeof healthPresetCopySchema>;

/** The club's settings for members' files; GET|PUT /api/internal/club-settings carries them. */
export const memberFileSettingsSchema = z.object({
  season_start: monthDayField.default('09-01'),
  grace_end: monthDayField.default('09-30'),
  health_profile: healthProfileSchema.default('code_du_sport'),
  licence_types: z.array(licenceTypeSchema).max(LICENCE_TYPES_MAX).default([]),
  health_keep_seasons: z.number().int().min(0).max(10).default(1),
  health_preset_copy: healthPresetCopySchema.nullable().default(null),
});
export type MemberFileSettings = z.infer<typeof memberFileSettingsSchema>;
