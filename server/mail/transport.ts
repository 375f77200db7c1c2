import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface OutgoingMail {
  messageId: string;
  to: string;
  subject: string;
  text: string;
  /** Sent as multipart/alternative with `text` when present. */
  html?: string;
  /** List-Unsubscribe, with List-Unsubscribe-Post for one click (RFC 8058). */
  listUnsubscribe?: string;
}

/** The headers that say how to stop a mail a member can switch off: a POST to the URL does it. */
const unsubscribeHeaders = (mail: OutgoingMail) =>
  mail.listUnsubscribe
    ? {
        list: { unsubscribe: mail.listUnsubscribe },
        headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      }
    : {};

export interface MailTransport {
  /** Rejects when the message was not accepted; the queue then retries it later. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** The mail log: outside the served `public/` folder, one file per message, readable by the owner only. */
export function mailLogDir(config: Config): string {
  return path.join(config.dataDir, config.clubId, 'mail-log');
}

export function createMailTransport(config: Config): MailTransport {
  return config.smtpUrl
    ? smtpTransport(config.smtpUrl, config.mailFrom)
    : diskTransport(mailLogDir(config), config.mailFrom);
}

function smtpTransport(url: string, from: string): MailTransport {
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
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...unsubscribeHeaders(mail),
        messageId: mail.messageId,
      });
    },
    close: () => transporter.close(),
  };
}

function diskTransport(dir: string, from: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await composer.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...unsubscribeHeaders(mail),
        messageId: mail.messageId,
      });
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      const name = `${Date.now()}-${mail.messageId.replace(/[^a-zA-Z0-9.-]/g, '_')}.eml`;
      fs.writeFileSync(path.join(dir, name), info.message as Buffer, { mode: 0o600 });
    },
    close: () => composer.close(),
  };
}
