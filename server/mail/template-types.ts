import type { Language } from '@common/contract/user';

/** One event of the weekly list, as facts: the template writes them in the recipient's language. */
export interface WeeklyEvent {
  modelName: string;
  start: Date;
  end: Date;
  /** Street, zip code and city as one line; null when the event has none. */
  place: string | null;
  /** Places left (0: full); null: no limit. */
  placesLeft: number | null;
  isCancelled: boolean;
  /** The event's week in the app. */
  link: string;
}

/** Where an event takes place and what its organiser wrote, for the reminder (empty parts are null). */
export interface ReminderDetails {
  /** Street, zip code and city as one line. */
  address: string | null;
  /** The organiser's own maps link, else an OpenStreetMap search for the address; null without either. */
  mapUrl: string | null;
  /** Where members meet (the shed, the slipway…); null when none. */
  meetingPoint: string | null;
  /** The event's notes, as the organiser typed them. */
  notes: string | null;
}

/** One event of an organiser's digest: the names of those whose place changed since the last digest. */
export interface DigestEvent {
  event: string;
  joined: string[];
  left: string[];
  waiting: string[];
  placesLeft: number | null;
}

/** What each kind of message needs; later issues add their kinds here. */
export interface TemplateData {
  /** `byWhom`: the inviting member's first and last name; null when they gave none (the club invites). */
  user_invitation: { username: string; link: string; byWhom: string | null };
  password_reset: { username: string; link: string };
  /** `until`: the lock's end, already written in the club's time zone and the recipient's language. */
  account_lock: { username: string; until: string; link: string };
  /** To the address asked for. */
  email_change_confirm: { link: string };
  /**
   * To the address still in use: `when` already written in the club's time zone and the recipient's
   * language; `byWhom` names the admin who asked (null: the member themself).
   */
  email_change_notice: { newEmail: string; when: string; byWhom: string | null };
  /** To an account just linked as a guardian: `child` and `byWhom` named as the club writes them. */
  guardian_linked: { child: string; byWhom: string };
  /** To the Admins: a child refused as already a member (`birthDate` as `yyyy-mm-dd`). */
  child_duplicate: { child: string; birthDate: string; byWhom: string };
  /** To a member with guardians, once, at 18: they act for themself from now on. */
  came_of_age: Record<string, never>;
  /**
   * `message`: the organiser's own words, quoted as typed; the HTML part escapes them. `guestsWithoutAddress`: to a
   * host, the guests they brought who gave no address, so the host tells them (docs/rules.md#mails).
   */
  event_cancellation: {
    event: string;
    message?: string | undefined;
    guestsWithoutAddress?: string[] | undefined;
  };
  /** A cancelled event that takes place after all, to those the cancellation told. */
  event_reactivation: { event: string };
  event_update: { event: string };
  /**
   * `member` is who (un)subscribed: the recipient themself, or one of their members for the creator. `kit`: the
   * names of the items the member booked, in order (docs/rules.md#kit), listed when subscribed.
   */
  subscribe_unsubscribe: {
    event: string;
    member: string;
    isSubscribed: boolean;
    isCreatorCopy: boolean;
    kit?: string[] | undefined;
  };
  /** To a member who held the stuff (`holdsItself`), or brought `guests` who did, or both. */
  stuff_unavailable: { event: string; stuff: string; holdsItself: boolean; guests: string[] };
  /**
   * Before an event the member holds a place in (notify adds its link and the two answers); `kit` as in
   * subscribe_unsubscribe; `details` the address with its map link and the organiser's notes
   * (server/modules/reminders/reminder-details.ts).
   */
  event_reminder: { event: string; kit?: string[] | undefined; details?: ReminderDetails | undefined };
  /** `kit`: the items booked from the wish, in order; `missing`: those no longer there (own equipment for them). */
  waiting_list_promotion: { event: string; stuff: string | null; kit?: string[]; missing?: string[] };
  /** `sender`: the organiser's name, signing with the club's (null: the club's alone). */
  group_email: { subject: string; message: string; event: string; sender: string | null };
  /**
   * Training series: one message for many sessions. `event` names the series (its model); each line of `sessions` names
   * one session, already written in the recipient's language and club time.
   */
  /** `message`: the organiser's word, when they gave one. */
  series_cancellation: { event: string; sessions: string[]; message?: string | undefined };
  series_update: { event: string; sessions: string[] };
  /** Each line names a session and the stuff no longer offered there. */
  series_stuff_unavailable: { event: string; sessions: string[] };
  /** A session of a series the member follows, which they have not answered 48 h before. */
  series_nudge: { event: string };
  /** Sessions the member was moved into from their waiting lists (with the stuff they got, if any). */
  series_promotion: { event: string; sessions: string[] };
  /** What subscribing to (or leaving) a series did: `member` as in subscribe_unsubscribe. */
  series_subscription: {
    event: string;
    member: string;
    subscribed: string[];
    waiting: string[];
    left: string[];
    isCreatorCopy: boolean;
  };
  /**
   * The comments written under an event since the member's last such mail (docs/rules.md#talking-around-an-event),
   * oldest first: `author` as the member may see them, `forChild` the child a guardian wrote for, `when` already
   * written in the club's time zone and the recipient's language, `text` as typed (the HTML part escapes it).
   */
  event_comments: {
    event: string;
    comments: Array<{ author: string; forChild: string | null; when: string; text: string }>;
  };
  /** An organiser's morning digest: per event, who joined, left or waits, and places left (null: no limit). */
  organiser_digest: { events: DigestEvent[] };
  /**
   * Before a paper of the member's file ends, or at the season start (docs/rules.md#members-file): `item` the
   * paper, `endsOn` its last day (`yyyy-mm-dd`), `season` the season not renewed, `child` the child a guardian's
   * copy is about, `link` the profile in the app.
   */
  paper_reminder: {
    item: 'licence' | 'renewal' | 'caci' | 'qs_sport' | 'minor_questionnaire' | 'pps';
    endsOn: string;
    season: string | null;
    child: string | null;
    link: string;
  };
  /**
   * To a waiting member passed over at a freed place for their file (docs/rules.md#members-file): `reasons` already
   * in words in the recipient's language, `link` the profile in the app, where « Mon dossier » is.
   */
  waiting_list_dossier_skip: { event: string; reasons: string[]; link: string };
  /** An Admin's test mail to themself: `when` already written in the club's time zone and their language. */
  email_test: { when: string };
  /** `weekStart`: the week's Monday (`yyyy-mm-dd`); `logoUrl` and the links are absolute. */
  weekly_event_list: {
    weekStart: string;
    events: WeeklyEvent[];
    timeZone: string;
    slogan: string;
    logoUrl: string;
    preferencesUrl: string;
    /** The club's accent colour (`#rrggbb`), for the band at the top (its name comes with every mail's context). */
    accentColour: string;
  };
}
export type MailKind = keyof TemplateData;
/** The kinds templates.ts writes; event-templates.ts and weekly-templates.ts write all the others. */
export type AccountMailKind =
  | 'user_invitation'
  | 'password_reset'
  | 'account_lock'
  | 'email_change_confirm'
  | 'email_change_notice';
/** The kinds written by family-templates.ts. */
export type FamilyMailKind = 'guardian_linked' | 'child_duplicate' | 'came_of_age';
/** The kinds written by paper-templates.ts. */
export type PaperMailKind = 'paper_reminder';
/** The kinds written by dossier-templates.ts. */
export type DossierMailKind = 'waiting_list_dossier_skip';
/** The kinds written by admin-templates.ts. */
export type AdminMailKind = 'email_test';
/** The kinds written by talk-templates.ts. */
export type TalkMailKind = 'event_comments' | 'organiser_digest';
/** The kinds written by weekly-templates.ts. */
export type WeeklyMailKind = 'weekly_event_list';
/** The kinds written by series-templates.ts. */
export type SeriesMailKind =
  | 'series_cancellation'
  | 'series_update'
  | 'series_stuff_unavailable'
  | 'series_promotion'
  | 'series_subscription'
  | 'series_nudge';

/**
 * What every mail knows beyond its data (docs/rules.md#mails): the club's name, for the subject, the text and the
 * signature, and the recipient's first name for the greeting (null or empty: « Bonjour, »).
 */
export interface MailContext {
  clubName: string;
  firstName: string | null;
}

/** `html`: the kind's own HTML part (the weekly list); the others get the club's layout from notify. */
export type Render<K extends MailKind> = (
  data: TemplateData[K],
  context: MailContext,
) => {
  subject: string;
  text: string;
  html?: Promise<string>;
};
export type Templates = { [K in MailKind]: Record<Language, Render<K>> };
