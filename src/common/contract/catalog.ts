import { enforcementSchema, requirementsSchema } from './dossier';
import { descriptionField, nameField, optionalName } from './fields';
import { LIMITS } from './limits';
import { z } from './zod';

/**
 * What a model asks of its subscribers' files (docs/rules.md#members-file): null or absent asks nothing;
 * `enforcement` says whether an incomplete file warns (the default) or blocks.
 */
const modelRequirementFields = {
  requirements: requirementsSchema.nullable().optional(),
  enforcement: enforcementSchema.optional(),
};

export const modelSchema = z.object({
  uuid: z.string().uuid(),
  name: z.string(),
  description: z.string(),
  ...modelRequirementFields,
});
export type Model = z.infer<typeof modelSchema>;
export const modelInputSchema = z.object({
  name: nameField,
  description: descriptionField,
  ...modelRequirementFields,
});
export const modelUpdateSchema = modelInputSchema.extend({ uuid: z.string().uuid() });

export const stuffSchema = z.object({
  uuid: z.string().uuid(),
  name: z.string(),
  description: z.string(),
  stock: z.number().int(),
  is_infinite: z.boolean(),
  /** What the kit dialog groups it under (« Bateaux », « Pagaies »…); null: « Autre ». Optional to older readers. */
  kind: z.string().nullable().optional(),
});
export type Stuff = z.infer<typeof stuffSchema>;

const stuffFields = z.object({
  name: nameField,
  description: descriptionField,
  stock: z.number().int().min(0).max(LIMITS.stockMax).optional(),
  is_infinite: z.boolean().default(false),
  /** Absent keeps it as it is (on update), empty clears it (docs/rules.md#kit). */
  kind: optionalName(LIMITS.stuffKindMax).optional(),
});
const hasStockUnlessInfinite = (stuff: { stock?: number | undefined; is_infinite: boolean }) =>
  stuff.is_infinite || stuff.stock !== undefined;

/** Stock is required unless `is_infinite` (docs/rules.md#stuff); with infinite stock it is stored as 0. */
export const stuffInputSchema = stuffFields.refine(hasStockUnlessInfinite, {
  path: ['stock'],
  message: 'required',
});
export const stuffUpdateSchema = stuffFields
  .extend({ uuid: z.string().uuid() })
  .refine(hasStockUnlessInfinite, { path: ['stock'], message: 'required' });
