import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import { currentClub } from '../db/club-scope/current-club';

export interface OutgoingMail {
  messageId: string;
  to: string;
  subject: string;
  text: string;
  /** Sent as multipart/alternative with `text` when present. */
  html?: string;
  /** List-Unsubscribe, with List-Unsubscribe-Post for one click (RFC 8058). */
  listUnsubscribe?: string;
  /** The From display name (the address stays the club's) and Reply-To of a group mail. */
  fromName?: string;
  replyTo?: string;
}

/** The headers that say how to stop a mail a member can switch off: a POST to the URL does it. */
const unsubscribeHeaders = (mail: OutgoingMail) =>
  mail.listUnsubscribe
    ? {
        list: { unsubscribe: mail.listUnsubscribe },
        headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      }
    : {};

/** The address alone of a configured sender, `Name <address>` or a bare address. */
const addressOf = (from: string): string => /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();

/** Who the club's mails come from (MAIL_FROM) and where answers go when not to it (MAIL_REPLY_TO). */
interface ClubSender {
  from: string;
  replyTo: string | undefined;
}

/**
 * The message nodemailer composes. A group mail keeps the club's sending address (the one its mail server
 * is allowed to send for, SPF and DKIM) and shows the organiser's name; answers go to the organiser. Every
 * other mail's answers go to the club's Reply-To when one is set.
 */
const messageOf = (mail: OutgoingMail, { from, replyTo }: ClubSender) => ({
  from: mail.fromName ? { name: mail.fromName, address: addressOf(from) } : from,
  ...((mail.replyTo ?? replyTo) ? { replyTo: mail.replyTo ?? replyTo } : {}),
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  ...(mail.html ? { html: mail.html } : {}),
  ...unsubscribeHeaders(mail),
  messageId: mail.messageId,
});

export interface MailTransport {
  /** Rejects when the message was not accepted; the queue then retries it later. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** The mail log: outside the served `public/` folder, one file per message, readable by the owner only. */
export function mailLogDir(config: Config): string {
  return path.join(config.dataDir, currentClub().key, 'mail-log');
}

export function createMailTransport(config: Config): MailTransport {
  const sender = { from: config.mailFrom, replyTo: config.mailReplyTo };
  return config.smtpUrl
    ? smtpTransport(config.smtpUrl, sender)
    : diskTransport(() => mailLogDir(config), sender);
}

/** The From as its display name and address (`Name <address>` or a bare address), as the settings screen shows it. */
export function senderOf(config: Pick<Config, 'mailFrom' | 'mailReplyTo'>) {
  const named = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(config.mailFrom);
  return {
    from_name: named?.[1]?.trim() || null,
    from_address: named?.[2]?.trim() ?? config.mailFrom.trim(),
    reply_to: config.mailReplyTo ?? null,
  };
}

function smtpTransport(url: string, sender: ClubSender): MailTransport {
  const parsed = new URL(url);
  const transporter = nodemailer.createTransport({
    host: parsed.hostname,
    port: Number(parsed.port) || (parsed.protocol === 'smtps:' ? 465 : 587),
    secure: parsed.protocol === 'smtps:',
    ...(parsed.username
      ? { auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } }
      : {}),
    // A mail server that hangs must not hold a queue round for long.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      await transporter.sendMail(messageOf(mail, sender));
    },
    close: () => transporter.close(),
  };
}

/** `dir`: asked per message, since each club logs into its own folder (the worker sends club by club). */
function diskTransport(logDir: () => string, sender: ClubSender): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await composer.sendMail(messageOf(mail, sender));
      const dir = logDir();
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      const name = `${Date.now()}-${mail.messageId.replace(/[^a-zA-Z0-9.-]/g, '_')}.eml`;
      fs.writeFileSync(path.join(dir, name), info.message as Buffer, { mode: 0o600 });
    },
    close: () => composer.close(),
  };
}
