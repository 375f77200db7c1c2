import { FORBIDDEN_CONTROL_CHARACTER } from './fields';
import { LIMITS } from './limits';
import { z } from './zod';

/** The club's news: read by anyone, the `/news` page being public (docs/rules.md#news). */
export const NEWS_PATH = '/api/news';
/** The newest posts a read answers: a club posts a few a month, so this is months of news. */
export const NEWS_READ_MAX = 100;

export const newsPostSchema = z.object({
  uuid: z.string().uuid(),
  title: z.string(),
  /** Plain text: shown as text, never as HTML. */
  text: z.string(),
  /** A public URL of the re-encoded PNG, versioned so a replaced picture is fetched again; null: none. */
  picture_url: z.string().nullable(),
  /** Null once the author's account is deleted. */
  author_id: z.string().uuid().nullable(),
  /** First and last name, or the username when the author has no name; '' once deleted. */
  author_name: z.string(),
  created_at: z.string().datetime(),
  updated_at: z.string().datetime(),
});
export type NewsPost = z.infer<typeof newsPostSchema>;
export const newsListSchema = z.array(newsPostSchema);

// Multipart fields arrive as text and miss the JSON bodies' control-character check: checked here.
const plainText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((text) => !FORBIDDEN_CONTROL_CHARACTER.test(text), 'no control characters');

/**
 * A post's fields, as JSON or as multipart form fields beside an optional `file` (the picture).
 * `remove_picture` (update only): 'true' drops the current picture.
 */
export const newsInputSchema = z.object({
  title: plainText(LIMITS.newsTitleMax),
  text: plainText(LIMITS.newsTextMax),
  remove_picture: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .optional()
    .transform((value) => value === true || value === 'true'),
});
export type NewsInput = z.input<typeof newsInputSchema>;
