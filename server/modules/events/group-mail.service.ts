import type { Kysely } from 'kysely';
import { LIMITS } from '../../../src/common/contract/limits';
import { mayManageEvent } from '../../../src/common/rules/events';
import type { AppDeps } from '../../app-deps';
import type { Database, UserRow } from '../../db/schema';
import { assertAllowed, HttpError } from '../../http-error';
import { describeEvent } from '../../mail/templates';
import { findModel } from '../catalog/models.repository';
import { notify } from '../notifications/notify';
import { ownershipOf } from './event-facts';
import { subscribersOf } from './event-recipients.repository';
import { findEvent } from './events.repository';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Strict base64 of valid UTF-8, trimmed, within [min, max] characters once decoded; else 400 naming the field. */
function decodeText(value: string, field: string, min: number, max: number): string {
  const compact = value.replace(/\s/g, '');
  if (!BASE64.test(compact) || compact.length % 4 !== 0) throw new HttpError(400, 'invalid_input', field);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(compact, 'base64')).trim();
  } catch {
    throw new HttpError(400, 'invalid_input', field);
  }
  if (text.length < min || text.length > max) throw new HttpError(400, 'invalid_input', field);
  return text;
}

/** `POST /api/event/mail`: the creator or a SuperAdmin writes to every subscriber, one message each. */
export async function sendGroupMail(
  deps: AppDeps,
  db: Kysely<Database>,
  actor: UserRow,
  request: { event_uuid: string; subject_base64: string; message_base64: string },
): Promise<number> {
  const subject = decodeText(
    request.subject_base64,
    'subject_base64',
    LIMITS.groupSubjectMin,
    LIMITS.groupSubjectMax,
  );
  const message = decodeText(
    request.message_base64,
    'message_base64',
    LIMITS.groupMessageMin,
    LIMITS.groupMessageMax,
  );
  const event = await findEvent(db, request.event_uuid);
  if (!event) throw new HttpError(404, 'not_found', 'event_uuid');
  assertAllowed(mayManageEvent(actor, ownershipOf(event)));
  const model = await findModel(db, event.model_uuid);
  const subscribers = await subscribersOf(db, event.uuid);
  return notify(deps, db, 'group_email', subscribers, (r) => ({
    subject,
    message,
    event: describeEvent(model?.name ?? '', event.start_date, r.language, deps.config.clubTimezone),
  }));
}
