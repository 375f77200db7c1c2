import { LIMITS } from '../../../src/common/rules/limits';
import type { AppDeps } from '../../app-deps';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { describeEvent } from '../../mail/templates';
import { notify } from '../notifications/notify';
import { subscribersOf } from './event-notifications';
import { assertCanManage } from './event-rules';
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
  const queued = await deps.db.transaction().execute(async (trx) => {
    const event = await findEvent(trx, request.event_uuid);
    if (!event) throw new HttpError(404, 'not_found', 'event_uuid');
    assertCanManage(actor, event);
    const model = await trx
      .selectFrom('event_models')
      .select('name')
      .where('uuid', '=', event.model_uuid)
      .executeTakeFirst();
    const subscribers = await subscribersOf(trx, event.uuid);
    return notify(deps, trx, 'group_email', subscribers, (r) => ({
      subject,
      message,
      event: describeEvent(model?.name ?? '', event.start_date, r.language, deps.config.clubTimezone),
    }));
  });
  deps.mail.kick();
  return queued;
}
