import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';

/**
 * Answer links (docs/rules.md#answer-links): `/api/answer/{token}`, one per member, event and action, signed with
 * HMAC-SHA-256 over the club, the member, the event, the action and the expiry (the event's
 * start), with the club's link key (server_secrets `mail_links`, as the unsubscribe links). The token is
 * the credential: it can do that one thing, once (answer_links_used), until the event starts. In a guardian's
 * copy (docs/rules.md#families) the link answers for the child and is signed over the guardian too
 * (`{event}.{child}.{action}.{guardian}.{expiry}.{signature}`): it acts only while that guardian may.
 */
export const ANSWER_PATH = '/api/answer';
export const ANSWER_ACTIONS = ['come', 'decline', 'give_back'] as const;
export type AnswerAction = (typeof ANSWER_ACTIONS)[number];

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const TOKEN = new RegExp(
  `^(${UUID})\\.(${UUID})\\.(${ANSWER_ACTIONS.join('|')})(?:\\.(${UUID}))?\\.([0-9]{1,12})\\.([A-Za-z0-9_-]{43})$`,
);
export const ANSWER_TOKEN_PATTERN = TOKEN.source;

export interface AnswerClaims {
  eventUuid: string;
  userId: string;
  action: AnswerAction;
  expiresAt: Date;
  /** In a guardian's copy: the guardian who answers for the child `userId`. */
  actingId?: string;
  /** What the link is known by once used (the HMAC, not the token: the token names the member). */
  signature: string;
}

const sign = (secret: Buffer, clubKey: string, claims: Omit<AnswerClaims, 'signature'>, expiry: number) =>
  createHmac('sha256', secret)
    .update(
      `answer\n${clubKey}\n${claims.userId}\n${claims.eventUuid}\n${claims.action}\n${expiry}` +
        (claims.actingId ? `\nfor\n${claims.actingId}` : ''),
    )
    .digest('base64url');

export function answerUrl(
  config: Pick<Config, 'clubKey' | 'publicUrl'>,
  secret: Buffer,
  link: { eventUuid: string; userId: string; action: AnswerAction; expiresAt: Date; actingId?: string },
): string {
  const expiry = Math.floor(link.expiresAt.getTime() / 1000);
  const signature = sign(secret, config.clubKey, link, expiry);
  const acting = link.actingId ? `.${link.actingId}` : '';
  return `${config.publicUrl}${ANSWER_PATH}/${link.eventUuid}.${link.userId}.${link.action}${acting}.${expiry}.${signature}`;
}

/** What a token says, or null when this club did not sign it (changed, cut short, another club's). */
export function readAnswerToken(clubKey: string, secret: Buffer, token: string): AnswerClaims | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, eventUuid = '', userId = '', action = '', actingId, expiry = '', given = ''] = match;
  const claims = {
    eventUuid,
    userId,
    action: action as AnswerAction,
    expiresAt: new Date(Number(expiry) * 1000),
    ...(actingId ? { actingId } : {}),
  };
  const expected = Buffer.from(sign(secret, clubKey, claims, Number(expiry)));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return { ...claims, signature: given };
}
