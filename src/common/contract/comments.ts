import { FORBIDDEN_CONTROL_CHARACTER, FORBIDDEN_NAME_CHARACTER } from './fields';
import { LIMITS } from './limits';
import { z } from './zod';

/**
 * Talking around an event (docs/rules.md#talking-around-an-event): a thread of plain-text comments under each
 * event. Text is stored and answered as text, never HTML; the app makes https links clickable and nothing else.
 */
export const commentsPath = (eventUuid: string) => `/api/event/${eventUuid}/comments`;
export const commentPath = (commentId: string) => `/api/event/comment/${commentId}`;

/** A comment's text: 1–2,000 characters once trimmed, no control or bidirectional formatting character. */
export const commentTextField = z
  .string()
  .trim()
  .min(1)
  .max(LIMITS.commentMax)
  .refine(
    (text) => !FORBIDDEN_CONTROL_CHARACTER.test(text) && !FORBIDDEN_NAME_CHARACTER.test(text),
    'no control or bidirectional formatting characters',
  );

export const commentInputSchema = z.object({
  text: commentTextField,
  /** The minor the author writes for (« Gwen, pour Lou »); the author must be allowed to act for them. */
  acting_for: z.string().uuid().optional(),
});
export type CommentInput = z.infer<typeof commentInputSchema>;

export const commentEditSchema = z.object({ text: commentTextField });
export type CommentEdit = z.infer<typeof commentEditSchema>;

export const commentPersonSchema = z.object({
  id: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
});

export const commentSchema = z.object({
  id: z.string().uuid(),
  uuid_event: z.string().uuid(),
  text: z.string(),
  author: commentPersonSchema.extend({ thumbnail: z.string().nullable() }),
  acting_for: commentPersonSchema.optional(),
  /** A member hidden from others, as a member reads them: no name, no picture (« Un membre »). */
  is_hidden: z.boolean().optional(),
  /** The author's account is deleted (« Membre supprimé »). */
  is_deleted: z.boolean().optional(),
  created_at: z.string().datetime(),
  edited_at: z.string().datetime().nullable(),
});
export type Comment = z.infer<typeof commentSchema>;
export const commentListSchema = z.array(commentSchema);

export const commentThreadParams = z.object({ id: z.string().uuid() });
