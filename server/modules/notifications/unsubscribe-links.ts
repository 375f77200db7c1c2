import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_TYPES, type NotificationType } from '@common/contract/notifications';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { readServerSecret } from './server-secrets.repository';

/**
 * One-click unsubscribe links (docs/rules.md#answer-links, RFC 8058): `/api/unsubscribe/{token}`, the
 * token naming a member and a notification type, signed with HMAC-SHA-256 over the club, the member and
 * the type with the key the migration made (server_secrets `mail_links`). It does not expire: a mail read
 * in a year still unsubscribes. It only ever switches one type off for one member.
 */
export const UNSUBSCRIBE_PATH = '/api/unsubscribe';
const TOKEN =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{43})$/;
export const UNSUBSCRIBE_TOKEN_PATTERN = TOKEN.source;

/** The club's link key; the migration made it, so it is always there. */
export async function readLinkSecret(db: Kysely<Database>): Promise<Buffer> {
  return Buffer.from(await readServerSecret(db, 'mail_links'), 'base64url');
}

const signature = (secret: Buffer, clubKey: string, userId: string, type: string) =>
  createHmac('sha256', secret).update(`unsubscribe\n${clubKey}\n${userId}\n${type}`).digest('base64url');

export function unsubscribeUrl(
  config: Pick<Config, 'clubKey' | 'publicUrl'>,
  secret: Buffer,
  userId: string,
  type: NotificationType,
): string {
  return `${config.publicUrl}${UNSUBSCRIBE_PATH}/${userId}.${type}.${signature(secret, config.clubKey, userId, type)}`;
}

/** The member and type a token names, or null when it is not one this club signed. */
export function readUnsubscribeToken(
  clubKey: string,
  secret: Buffer,
  token: string,
): { userId: string; type: NotificationType } | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, userId = '', type = '', given = ''] = match;
  if (!(NOTIFICATION_TYPES as readonly string[]).includes(type)) return null;
  const expected = Buffer.from(signature(secret, clubKey, userId, type));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return { userId, type: type as NotificationType };
}
