import { healthItemSchema, licenceSchema } from './member-file';
import { z } from './zod';

// The answer shapes of the member's file routes (docs/rules.md#members-file), built on the request schemas: a
// stored item is an item as sent, with when it was recorded and whether by an Admin. The server answers with
// them and the client reads them, so they live in the contract.

export const licenceAnswerSchema = licenceSchema.extend({ recorded_at: z.string().datetime() });
export type LicenceAnswer = z.infer<typeof licenceAnswerSchema>;

const recorded = { recorded_at: z.string().datetime(), recorded_by_admin: z.boolean() };
const [caci, qsSport, minorQuestionnaire, pps, savoirNager] = healthItemSchema.options;
export const storedHealthItemSchema = z.discriminatedUnion('kind', [
  caci.extend(recorded),
  qsSport.extend(recorded),
  minorQuestionnaire.extend(recorded),
  pps.extend(recorded),
  savoirNager.extend(recorded),
]);
export type StoredHealthItem = z.infer<typeof storedHealthItemSchema>;

export const healthListSchema = z.object({ items: z.array(storedHealthItemSchema) });

/** `GET /api/user/{id}/member-file`: the licences, newest season first, and the health items. */
export const memberFileSchema = z.object({
  licences: z.array(licenceAnswerSchema),
  health_items: z.array(storedHealthItemSchema),
});
export type MemberFileAnswer = z.infer<typeof memberFileSchema>;
