import type { Language } from '@common/contract/user';
import { describe, expect, it } from 'vitest';
import { composeMail } from '../../../server/mail/compose-mail';
import type { MailKind, TemplateData } from '../../../server/mail/template-types';
import { renderMail, TEMPLATES } from '../../../server/mail/templates';

// Every mail names the club, never the software, greets by first name (« Bonjour, » without one) and, in French,
// assumes no gender (docs/rules.md#mails): one table over every template, both languages, text and HTML parts.
const CLUB = "Kayak Club de l'Odet";
const EVENT = 'Sortie rivière, mercredi 02/12/2026 14:00';

const SAMPLES: { [K in MailKind]: TemplateData[K] } = {
  user_invitation: {
    username: 'lena',
    link: 'https://club.example.org/confirm/abc',
    byWhom: 'Gwen Le Bihan',
  },
  password_reset: { username: 'lena', link: 'https://club.example.org/reset/abc' },
  account_lock: {
    username: 'lena',
    until: 'mercredi 02/12/2026 14:00',
    link: 'https://club.example.org/r/a',
  },
  email_change_confirm: { link: 'https://club.example.org/confirm-email/abc' },
  email_change_notice: { newEmail: 'lena@example.org', when: 'mercredi 02/12/2026 14:00', byWhom: null },
  guardian_linked: { child: 'Lou Bosser', byWhom: 'Gwen Le Bihan' },
  child_duplicate: { child: 'Lou Bosser', birthDate: '2017-05-01', byWhom: 'Gwen Le Bihan' },
  came_of_age: {},
  event_cancellation: { event: EVENT, message: 'Crue.', guestsWithoutAddress: ['Paul Martin'] },
  event_reactivation: { event: EVENT },
  event_update: { event: EVENT },
  subscribe_unsubscribe: { event: EVENT, member: 'Léna Bosser', isSubscribed: true, isCreatorCopy: false },
  stuff_unavailable: { event: EVENT, stuff: 'Pagaie', holdsItself: true, guests: ['Paul Martin'] },
  event_reminder: {
    event: EVENT,
    kit: ['Pagaie'],
    details: {
      address: '2 quai Neuf, 29000 Quimper',
      mapUrl: 'https://www.openstreetmap.org/x',
      meetingPoint: 'Hangar des kayaks',
      notes: 'Ponton.',
    },
  },
  waiting_list_promotion: { event: EVENT, stuff: null },
  group_email: { subject: 'Marée', message: 'Rendez-vous à la cale.', event: EVENT, sender: 'Gwen Le Bihan' },
  series_cancellation: { event: 'Entraînement', sessions: ['mardi 01/12/2026 18:30'] },
  series_update: { event: 'Entraînement', sessions: ['mardi 01/12/2026 18:30'] },
  series_stuff_unavailable: { event: 'Entraînement', sessions: ['mardi 01/12/2026 18:30'] },
  series_nudge: { event: EVENT },
  series_promotion: { event: 'Entraînement', sessions: ['mardi 01/12/2026 18:30'] },
  series_subscription: {
    event: 'Entraînement',
    member: 'Léna Bosser',
    subscribed: ['mardi 01/12/2026 18:30'],
    waiting: ['jeudi 03/12/2026 18:30'],
    left: ['mardi 08/12/2026 18:30'],
    isCreatorCopy: false,
  },
  event_comments: {
    event: EVENT,
    comments: [{ author: 'Gwen', forChild: null, when: 'mardi', text: 'Oui' }],
  },
  organiser_digest: {
    events: [{ event: EVENT, joined: ['Léna Bosser'], left: [], waiting: [], placesLeft: 3 }],
  },
  email_test: { when: 'mercredi 02/12/2026 14:00' },
  paper_reminder: {
    item: 'caci',
    endsOn: '2027-10-12',
    season: null,
    child: null,
    link: 'https://club.example.org/my-profile',
  },
  waiting_list_dossier_skip: {
    event: EVENT,
    reasons: ['Il manque les papiers de santé'],
    link: 'https://club.example.org/my-profile',
  },
  weekly_event_list: {
    weekStart: '2026-11-30',
    events: [],
    timeZone: 'Europe/Paris',
    slogan: 'Pagayer ensemble',
    logoUrl: 'https://club.example.org/icons/icon-192.png',
    preferencesUrl: 'https://club.example.org/my-profile?tab=preferences',
    accentColour: '#0f766e',
  },
};

/** Creator copies name someone else: each is checked besides the member's own. */
const VARIANTS: Array<{ kind: MailKind; data: TemplateData[MailKind]; label: string }> = [
  ...(Object.keys(TEMPLATES) as MailKind[]).map((kind) => ({ kind, data: SAMPLES[kind], label: kind })),
  {
    kind: 'subscribe_unsubscribe',
    data: { ...SAMPLES.subscribe_unsubscribe, isCreatorCopy: true },
    label: 'subscribe_unsubscribe (creator)',
  },
  {
    kind: 'subscribe_unsubscribe',
    data: { ...SAMPLES.subscribe_unsubscribe, isSubscribed: false },
    label: 'subscribe_unsubscribe (left)',
  },
  {
    kind: 'series_subscription',
    data: { ...SAMPLES.series_subscription, isCreatorCopy: true },
    label: 'series_subscription (creator)',
  },
  {
    kind: 'paper_reminder',
    data: { ...SAMPLES.paper_reminder, item: 'renewal', season: '2026-2027', child: 'Anaïs' },
    label: 'paper_reminder (a guardian, the season start)',
  },
];

const ACCOUNT_KINDS: MailKind[] = [
  'user_invitation',
  'password_reset',
  'account_lock',
  'email_change_confirm',
  'email_change_notice',
];
const brand = { clubName: CLUB, accentColour: '#0f766e', logoUrl: 'https://club.example.org/logo.png' };
const visible = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');

async function mail(
  kind: MailKind,
  language: Language,
  data: TemplateData[MailKind],
  firstName: string | null,
) {
  const rendered = renderMail(kind, language, data, { clubName: CLUB, firstName });
  const composed = await composeMail({
    kind,
    language,
    subject: rendered.subject,
    text: rendered.text,
    actions: [],
    isSwitchable: false,
    brand,
    ownHtml: await rendered.html,
  });
  return { subject: rendered.subject, text: composed.text, html: composed.html };
}

describe.each(VARIANTS)('the $label mail', ({ kind, data }) => {
  it.each(['fr', 'en'] as const)(
    'names the club in %s, never Équipée, and greets by first name',
    async (language) => {
      const { subject, text, html } = await mail(kind, language, data, 'Léna');
      expect(`${subject}\n${text}\n${html}`).not.toContain('Équipée');
      expect(text).toContain(kind === 'group_email' ? `— Gwen Le Bihan, ${CLUB}` : `— ${CLUB}`);
      expect(visible(html)).toContain(CLUB);
      if (ACCOUNT_KINDS.includes(kind)) expect(subject).toContain(CLUB);
      // A group mail is the organiser's own words: no greeting of ours.
      if (kind !== 'group_email') expect(text).toContain(language === 'fr' ? 'Bonjour Léna,' : 'Hello Léna,');
    },
  );

  it.each(['fr', 'en'] as const)(
    'says « Bonjour, » in %s to someone who gave no first name',
    async (language) => {
      for (const firstName of [null, '', '  ']) {
        const { text } = await mail(kind, language, data, firstName);
        if (kind !== 'group_email') expect(text).toMatch(language === 'fr' ? /^Bonjour,$/m : /^Hello,$/m);
        expect(text).not.toMatch(/Bonjour lena|Hello lena/);
      }
    },
  );

  it('assumes no gender in French, and says « place libérée » rather than promotion', async () => {
    const { subject, text } = await mail(kind, 'fr', data, 'Léna');
    expect(`${subject}\n${text}`).not.toMatch(/\b(?:dés)?inscrite?s?\b|\(e\)|promotion/i);
  });
});

describe('the invitation', () => {
  it('says who invited and what the app is for; the club invites when the inviter gave no name', async () => {
    const named = await mail('user_invitation', 'fr', SAMPLES.user_invitation, null);
    expect(named.subject).toBe(`Invitation à rejoindre ${CLUB}`);
    expect(named.text).toContain(`Gwen Le Bihan vous invite à rejoindre ${CLUB}.`);
    expect(named.text).toContain(`Un compte ${CLUB} a été créé pour vous (identifiant : lena).`);
    expect(named.text).toContain(
      "L'application du club sert à voir ses évènements, s'y inscrire, réserver le matériel et répondre pour ses enfants.",
    );
    const anonymous = await mail('user_invitation', 'en', { ...SAMPLES.user_invitation, byWhom: null }, null);
    expect(anonymous.text).toContain(`${CLUB} invites you to join its app.`);
  });
});

describe('the reminder', () => {
  it('gives the address with its map link, the meeting point and the notes, each only when there is one', async () => {
    const { text, html } = await mail('event_reminder', 'fr', SAMPLES.event_reminder, 'Léna');
    expect(text).toContain(
      'Adresse : 2 quai Neuf, 29000 Quimper\nCarte : https://www.openstreetmap.org/x\nRendez-vous : Hangar des kayaks\n\nÀ savoir :\nPonton.\n\nVotre matériel : Pagaie.',
    );
    const english = await mail('event_reminder', 'en', SAMPLES.event_reminder, 'Léna');
    expect(english.text).toContain(
      'Map: https://www.openstreetmap.org/x\nMeeting point: Hangar des kayaks\n',
    );
    const meetingOnly = await mail(
      'event_reminder',
      'fr',
      { event: EVENT, details: { address: null, mapUrl: null, meetingPoint: 'La cale', notes: null } },
      'Léna',
    );
    expect(meetingOnly.text).toContain(`pour ${EVENT}.\n\nRendez-vous : La cale\n\n— ${CLUB}`);
    expect(html).toMatch(/<a [^>]*href="https:\/\/www\.openstreetmap\.org\/x"/);
    const bare = await mail(
      'event_reminder',
      'fr',
      { event: EVENT, details: { address: null, mapUrl: null, meetingPoint: null, notes: null } },
      'Léna',
    );
    expect(bare.text).toBe(
      `Bonjour Léna,\n\nPetit rappel : votre place est réservée pour ${EVENT}.\n\n— ${CLUB}`,
    );
  });
});
