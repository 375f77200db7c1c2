import { guardianSchema } from './family';
import { z } from './zod';

/** `2026-2027`: a season, its second year the first's next (docs/rules.md#families). */
export const seasonField = z
  .string()
  .regex(/^\d{4}-\d{4}$/)
  .refine((season) => Number(season.slice(5)) === Number(season.slice(0, 4)) + 1, 'two following years');

/** `PUT /api/user/{id}/consents`: the season, and only the answers that change. */
export const consentsUpdateSchema = z.object({
  season: seasonField,
  practice: z.boolean().optional(),
  transport: z.boolean().optional(),
  emergency_care: z.boolean().optional(),
  photo: z.boolean().optional(),
  photo_child_agrees: z.boolean().optional(),
});
export type ConsentsUpdate = z.infer<typeof consentsUpdateSchema>;

/** `GET /api/user/{id}/consents?season=`: the current season when absent. */
export const consentsQuerySchema = z.object({ season: seasonField.optional() });

/** One answer: given or withdrawn, by which guardian (null once that account is gone), when. Null: never asked. */
export const consentEntrySchema = z
  .object({ given: z.boolean(), by: guardianSchema.nullable(), at: z.string().datetime() })
  .nullable();
export type ConsentEntry = z.infer<typeof consentEntrySchema>;

/** A child's consents for one season; `photo_allowed` says whether photos may be taken, all answers read. */
export const consentsSchema = z.object({
  season: seasonField,
  practice: consentEntrySchema,
  transport: consentEntrySchema,
  emergency_care: consentEntrySchema,
  photo: consentEntrySchema,
  photo_child_agrees: consentEntrySchema,
  photo_allowed: z.boolean(),
});
export type Consents = z.infer<typeof consentsSchema>;
