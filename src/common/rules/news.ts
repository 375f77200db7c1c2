/**
 * Who may write the club's news (docs/rules.md#news): contributors and admins post; the author (while still
 * Contributor or above, as for an event's creator) and any admin edit or delete a post.
 */
import type { Actor } from './events';
import { canManageContent, isAdminRole } from './roles';

export const mayPostNews = (actor: Actor | undefined): boolean => canManageContent(actor?.role_name);

export const mayEditNews = (actor: Actor | undefined, post: { author_id: string | null }): boolean =>
  actor !== undefined &&
  (isAdminRole(actor.role_name) || (post.author_id === actor.id && canManageContent(actor.role_name)));
