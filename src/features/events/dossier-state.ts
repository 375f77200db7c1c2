import type { EventDto } from '@common/contract/event';
import type { Dossier } from '@common/contract/member-file';

/** A file that is neither `ok` nor `soon` on the event's day lacks something (docs/rules.md#members-file). */
export const isIncomplete = (dossier: Dossier | null | undefined): dossier is Dossier =>
  !!dossier && dossier.status !== 'ok' && dossier.status !== 'soon';

/**
 * Whether the reader's own file stops them subscribing or joining the waiting list: the model blocks and the
 * file the server computed for the event's first club day is incomplete (docs/rules.md#members-file).
 */
export const dossierBlocks = (event: EventDto): boolean =>
  event.enforcement === 'block' && isIncomplete(event.my_dossier);
