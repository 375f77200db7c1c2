import { LIMITS } from './limits';
import { z } from './zod';

/** An Idempotency-Key as the three replayable writes take it (docs/rules.md#replays). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,200}$/;
/** The header of those writes: the key is optional, and checked when given. */
export const idempotencyHeaderSchema = z.object({
  'idempotency-key': z.string().regex(IDEMPOTENCY_KEY_PATTERN).optional(),
});

/**
 * POST /api/replay: the app's queued writes in one request, run in order, each exactly as if sent alone
 * (docs/rules.md#replays). Shapes only here: which method and path an item may name is checked per item (a
 * refused item is answered 400 and the others still run), as is the key, by the route it names.
 */
export const replayItemSchema = z.object({
  method: z.string().min(1).max(10),
  path: z.string().min(1).max(300),
  body: z.unknown(),
  idempotencyKey: z.string().min(1).max(200),
});
export type ReplayItem = z.infer<typeof replayItemSchema>;

export const replayRequestSchema = z.object({
  writes: z.array(replayItemSchema).min(1).max(LIMITS.replayBatchMax),
});
export type ReplayRequest = z.infer<typeof replayRequestSchema>;

/** What the item's own request would have answered; `retry_after` its Retry-After header (seconds). */
export const replayAnswerSchema = z.object({
  status: z.number().int(),
  body: z.unknown(),
  retry_after: z.number().int().positive().optional(),
});
export type ReplayAnswer = z.infer<typeof replayAnswerSchema>;

/** One answer per item run, in order; fewer than the items when a "retry later" answer stopped the run. */
export const replayResponseSchema = z.object({ answers: z.array(replayAnswerSchema) });
export type ReplayResponse = z.infer<typeof replayResponseSchema>;
