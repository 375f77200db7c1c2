import type { Language } from '@common/contract/user';
import { clubDayOf, shiftDay } from '@common/rules/club-time';
import { render as renderEmail } from '@react-email/render';
import { createElement } from 'react';
import { catalogueText } from '../i18n/catalogue';
import { hello } from './signature';
import type { MailContext, Render, TemplateData, WeeklyEvent, WeeklyMailKind } from './template-types';
import { WeeklyListLayout } from './weekly-layout';

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

function renderText(language: Language, data: Data, title: string, context: MailContext): string {
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
    hello(language, context.firstName),
    '',
    title,
    '',
    ...(events.length > 0 ? [text(language, 'intro'), '', events.join('\n\n')] : [text(language, 'none')]),
    '',
    `— ${context.clubName}`,
    '',
    text(language, 'why'),
    text(language, 'preferences_text', { url: data.preferencesUrl }),
  ].join('\n');
}

/** The HTML part: the club's layout, rendered by react-email like every other mail (weekly-layout.tsx). */
function renderHtml(language: Language, data: Data, title: string, context: MailContext): Promise<string> {
  const events = data.events.map((event) => ({
    ...eventLines(event, language, data.timeZone),
    link: event.link,
    isCancelled: event.isCancelled,
  }));
  return renderEmail(
    createElement(WeeklyListLayout, {
      brand: { clubName: context.clubName, accentColour: data.accentColour, logoUrl: data.logoUrl },
      content: {
        language,
        title,
        slogan: data.slogan,
        logoAlt: text(language, 'logo_alt'),
        greeting: hello(language, context.firstName),
        intro: text(language, events.length > 0 ? 'intro' : 'none'),
        events,
        openLabel: text(language, 'open_event'),
        signature: context.clubName,
        footer: {
          text: text(language, 'why'),
          link: { label: text(language, 'preferences_link'), href: data.preferencesUrl },
        },
      },
    }),
  );
}

function render(language: Language): Render<'weekly_event_list'> {
  return (data, context) => {
    const from = shortDay(data.weekStart, language);
    const to = shortDay(shiftDay(data.weekStart, 6), language);
    const title = text(language, 'title', { from, to });
    return {
      subject: text(language, 'subject', { from, to }),
      text: renderText(language, data, title, context),
      html: renderHtml(language, data, title, context),
    };
  };
}

/** The weekly event list: plain text and HTML, in French and English (texts under `weekly_mail.`). */
export const WEEKLY_TEMPLATES: { [K in WeeklyMailKind]: Record<Language, Render<K>> } = {
  weekly_event_list: { fr: render('fr'), en: render('en') },
};
