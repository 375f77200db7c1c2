import type { Language } from '../../src/common/contract/user';
import { clubDayOf, shiftDay } from '../../src/common/rules/club-time';
import { escapeHtml } from '../html';
import { catalogueText } from '../i18n';
import { textOn } from './html-layout';
import type { Render, TemplateData, WeeklyEvent, WeeklyMailKind } from './template-types';

type Data = TemplateData['weekly_event_list'];

const text = (language: Language, key: string, values?: Record<string, string>) =>
  catalogueText(language, 'weekly_mail', key, values);

const locale = (language: Language) => (language === 'fr' ? 'fr-FR' : 'en-GB');

/** An instant in the club's zone, in the recipient's language, as `options` write it. */
function clubFormat(
  instant: Date,
  language: Language,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): string {
  return new Intl.DateTimeFormat(locale(language), { timeZone, ...options }).format(instant);
}

/** "lundi 30 novembre" / "Monday 30 November": an instant's club day. */
const dayName = (instant: Date, language: Language, timeZone: string) =>
  clubFormat(instant, language, timeZone, { weekday: 'long', day: 'numeric', month: 'long' });

const timeOf = (instant: Date, language: Language, timeZone: string) =>
  clubFormat(instant, language, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** "30 novembre" / "30 November": a calendar day (`yyyy-mm-dd`); no zone applies to a bare date. */
function shortDay(day: string, language: Language): string {
  return new Intl.DateTimeFormat(locale(language), { timeZone: 'UTC', day: 'numeric', month: 'long' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** "lundi 30 novembre, 10:00 – 12:00", or both ends in full when the event spans several club days. */
export function eventWhen(event: WeeklyEvent, language: Language, timeZone: string): string {
  const startDay = dayName(event.start, language, timeZone);
  const startTime = timeOf(event.start, language, timeZone);
  const endTime = timeOf(event.end, language, timeZone);
  if (clubDayOf(event.start, timeZone) === clubDayOf(event.end, timeZone))
    return `${startDay}, ${startTime} – ${endTime}`;
  return `${startDay} ${startTime} → ${dayName(event.end, language, timeZone)} ${endTime}`;
}

/** The places line; none for a cancelled event (its places no longer mean anything). */
function placesLine(event: WeeklyEvent, language: Language): string | null {
  if (event.isCancelled) return null;
  if (event.placesLeft === null) return text(language, 'places_unlimited');
  if (event.placesLeft === 0) return text(language, 'full');
  return text(language, 'places_left', { count: String(event.placesLeft) });
}

/** The event's lines as facts, shared by the text and the HTML parts (they must say the same). */
function eventLines(event: WeeklyEvent, language: Language, timeZone: string) {
  const name = event.isCancelled ? `${event.modelName} (${text(language, 'cancelled')})` : event.modelName;
  return {
    name,
    details: [
      eventWhen(event, language, timeZone),
      event.place ? text(language, 'place', { place: event.place }) : null,
      placesLine(event, language),
    ].filter((line): line is string => line !== null),
  };
}

function renderText(language: Language, data: Data, title: string): string {
  const events = data.events.map((event) => {
    const { name, details } = eventLines(event, language, data.timeZone);
    return [
      `• ${name}`,
      ...details.map((line) => `  ${line}`),
      `  ${text(language, 'open_event_text', { url: event.link })}`,
    ].join('\n');
  });
  return [
    data.slogan,
    '',
    text(language, 'greeting', { name: data.username }),
    '',
    title,
    '',
    ...(events.length > 0 ? [text(language, 'intro'), '', events.join('\n\n')] : [text(language, 'none')]),
    '',
    `— ${text(language, 'signature')}`,
    '',
    text(language, 'why'),
    text(language, 'preferences_text', { url: data.preferencesUrl }),
  ].join('\n');
}

// Inline styles only: mail clients drop <style> blocks and external sheets. Plain, readable at 390 px.
const BODY = 'margin:0;padding:16px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1c2430;';
const CARD = 'display:block;max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:20px;';
const EVENT = 'margin:0 0 16px;padding:12px;border:1px solid #d6dae0;border-radius:6px;';
const LINK = 'color:#0b5cad;';
const SMALL = 'font-size:13px;color:#4a5563;';

function renderEventHtml(event: WeeklyEvent, language: Language, timeZone: string): string {
  const { name, details } = eventLines(event, language, timeZone);
  // A cancelled event says so in words (in `name`), the line-through only repeats it.
  const nameStyle = event.isCancelled ? 'text-decoration:line-through;' : '';
  return [
    `<div style="${EVENT}">`,
    `<p style="margin:0 0 6px;font-size:17px;font-weight:bold;${nameStyle}">${escapeHtml(name)}</p>`,
    ...details.map((line) => `<p style="margin:0 0 4px;">${escapeHtml(line)}</p>`),
    `<p style="margin:8px 0 0;"><a style="${LINK}" href="${escapeHtml(event.link)}">${escapeHtml(text(language, 'open_event'))}</a></p>`,
    '</div>',
  ].join('\n');
}

function renderHtml(language: Language, data: Data, title: string): string {
  const events = data.events.map((event) => renderEventHtml(event, language, data.timeZone));
  return [
    '<!doctype html>',
    `<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>`,
    // <main>: the message's one landmark, for screen readers of clients that show the HTML as a page.
    `<body style="${BODY}"><main style="${CARD}">`,
    // The club's band, as every other mail has it (html-layout.tsx): its colour, logo and name; the slogan
    // under the name. A table keeps them beside the logo, wrapping in their own cell, in every mail client.
    `<table role="presentation" style="border-collapse:collapse;width:100%;margin:0 0 16px;background:${data.accentColour};border-radius:6px;"><tr><td style="padding:10px 12px;vertical-align:middle;width:64px;"><img src="${escapeHtml(data.logoUrl)}" alt="${escapeHtml(text(language, 'logo_alt'))}" width="64" height="64" style="display:block;border:0;border-radius:8px;background:#ffffff;"></td><td style="padding:10px 12px 10px 0;vertical-align:middle;color:${textOn(data.accentColour)};overflow-wrap:anywhere;"><p style="margin:0;font-size:18px;font-weight:bold;">${escapeHtml(data.clubName)}</p><p style="margin:4px 0 0;font-size:14px;">${escapeHtml(data.slogan)}</p></td></tr></table>`,
    `<p style="margin:0 0 12px;">${escapeHtml(text(language, 'greeting', { name: data.username }))}</p>`,
    `<h1 style="font-size:20px;margin:0 0 12px;">${escapeHtml(title)}</h1>`,
    ...(events.length > 0
      ? [`<p style="margin:0 0 12px;">${escapeHtml(text(language, 'intro'))}</p>`, ...events]
      : [`<p style="margin:0 0 16px;">${escapeHtml(text(language, 'none'))}</p>`]),
    `<p style="margin:16px 0;">— ${escapeHtml(text(language, 'signature'))}</p>`,
    `<p style="margin:0;${SMALL}">${escapeHtml(text(language, 'why'))} <a style="${LINK}" href="${escapeHtml(data.preferencesUrl)}">${escapeHtml(text(language, 'preferences_link'))}</a></p>`,
    '</main></body></html>',
  ].join('\n');
}

function render(language: Language): Render<'weekly_event_list'> {
  return (data) => {
    const from = shortDay(data.weekStart, language);
    const to = shortDay(shiftDay(data.weekStart, 6), language);
    const title = text(language, 'title', { from, to });
    return {
      subject: text(language, 'subject', { from, to }),
      text: renderText(language, data, title),
      html: renderHtml(language, data, title),
    };
  };
}

/** The weekly event list: plain text and HTML, in French and English (texts under `weekly_mail.`). */
export const WEEKLY_TEMPLATES: { [K in WeeklyMailKind]: Record<Language, Render<K>> } = {
  weekly_event_list: { fr: render('fr'), en: render('en') },
};
