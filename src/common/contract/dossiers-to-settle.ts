import { clubDayField } from './fields';
import { dossierReasonSchema, dossierStatusSchema, seasonField } from './member-file';
import { z } from './zod';

/**
 * « À régulariser » (docs/rules.md#members-file): the active members whose own file (licence and health
 * papers) is not `ok` today, for Admins, who may read health data. Reasons are codes; screens and the CSV
 * put them in words.
 */
export const DOSSIERS_TO_SETTLE_PATH = '/api/user/dossiers-to-settle';
export const DOSSIERS_TO_SETTLE_CSV_PATH = '/api/user/dossiers-to-settle.csv';

export const dossierToSettleSchema = z.object({
  id: z.string().uuid(),
  /** The member's names; a member without any is named by their username in the last name's place. */
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  status: dossierStatusSchema,
  reasons: z.array(dossierReasonSchema),
  /** The member's newest licence, whatever its season; null when none was ever recorded. */
  licence: z.object({ season: seasonField, number: z.string() }).nullable(),
  /** For a `soon` file: the last club day it is still complete; null otherwise. */
  ends_on: clubDayField.nullable(),
});
export type DossierToSettle = z.infer<typeof dossierToSettleSchema>;

/** Most severe first (`missing`, `expired`, `unknown`, then `soon`), then by last and first name. */
export const dossiersToSettleSchema = z.array(dossierToSettleSchema);
