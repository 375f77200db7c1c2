import { dossierReasonSchema } from './dossier';
import { ERROR_CODES } from './errors';
import { z } from './zod';

/**
 * The error answer (docs/rules.md#errors) as a schema: the OpenAPI document's `Error` component, and what the
 * server checks each error answer against before sending it. The page reads error answers with readErrorBody
 * (errors.ts, no zod), so it does not load this.
 */
export const errorBodySchema = z
  .object({
    code: z.enum(ERROR_CODES),
    message: z.string().describe('The code said for people, in the Accept-Language (fr or en).'),
    field: z.string().nullable().describe('The input at fault (`a.b.0`), when one is.'),
    uuid_stuff: z
      .string()
      .optional()
      .describe('With `stuff_unavailable`: the item of the kit that is not there (docs/rules.md#kit).'),
    reasons: z
      .array(dossierReasonSchema)
      .optional()
      .describe("With `dossier_incomplete`: what the member's file lacks (docs/rules.md#members-file)."),
  })
  .meta({ id: 'Error' });
