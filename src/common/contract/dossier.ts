import { z } from './zod';

/**
 * A member's file as events and answers carry it (docs/rules.md#members-file): its status and reasons, and what
 * a model requires. Apart from the rest of the member's file contract, since every event read parses these.
 */

/** From the least to the most severe: the order mostSevere reads (src/common/rules/member-file.ts). */
export const DOSSIER_STATUSES = ['ok', 'soon', 'unknown', 'expired', 'missing'] as const;
export const dossierStatusSchema = z.enum(DOSSIER_STATUSES);
export type DossierStatus = z.infer<typeof dossierStatusSchema>;

export const DOSSIER_REASONS = [
  'licence_missing',
  'licence_expired',
  'health_missing',
  'health_expired',
  'caci_required',
  'savoir_nager_missing',
  'birth_date_missing',
] as const;
export const dossierReasonSchema = z.enum(DOSSIER_REASONS);
export type DossierReason = z.infer<typeof dossierReasonSchema>;

export const dossierSchema = z.object({ status: dossierStatusSchema, reasons: z.array(dossierReasonSchema) });
export type Dossier = z.infer<typeof dossierSchema>;

/** What a model requires of its subscribers' files, and whether an incomplete one warns or blocks. */
export const requirementsSchema = z.object({
  licence: z.boolean(),
  health: z.boolean(),
  competition: z.boolean(),
  savoir_nager: z.boolean(),
});
export type Requirements = z.infer<typeof requirementsSchema>;
export const enforcementSchema = z.enum(['warn', 'block']);
export type Enforcement = z.infer<typeof enforcementSchema>;
