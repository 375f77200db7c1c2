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
  user_invitation: { username: string; link: string };
  password_reset: { username: string; link: string };
  /** `until`: the lock's end, already written in the club's time zone and the recipient's language. */
  account_lock: { username: string; until: string; link: string };
  /** To the address asked for: `name` is the member's first name (none: a plain greeting). */
  email_change_confirm: { name: string | null; link: string };
  /**
   * To the address still in use: `when` already written in the club's time zone and the recipient's
   * language; `byWhom` names the admin who asked (null: the member themself).
   */
  email_change_notice: { name: string | null; newEmail: string; when: string; byWhom: string | null };
  /** To an account just linked as a guardian: `child` and `byWhom` named as the club writes them. */
  guardian_linked: { name: string | null; child: string; byWhom: string };
  /** To the Admins: a child refused as already a member (`birthDate` as `yyyy-mm-dd`). */
  child_duplicate: { child: string; birthDate: string; byWhom: string };
  /** To a member with guardians, once, at 18: they act for themself from now on. */
  came_of_age: { name: string | null };
  /** `message`: the organiser's own words, quoted as typed; the HTML part escapes them. */
  event_cancellation: { event: string; message?: string | undefined };
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
   * Before an event the member holds a place in (notify adds its link and the "not coming" answer); `kit` as in
   * subscribe_unsubscribe.
   */
  event_reminder: { event: string; kit?: string[] | undefined };
  /** `kit`: the items booked from the wish, in order; `missing`: those no longer there (own equipment for them). */
  waiting_list_promotion: { event: string; stuff: string | null; kit?: string[]; missing?: string[] };
  group_email: { subject: string; message: string; event: string };
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
  /** `weekStart`: the week's Monday (`yyyy-mm-dd`); `logoUrl` and the links are absolute. */
  weekly_event_list: {
    username: string;
    weekStart: string;
    events: WeeklyEvent[];
    timeZone: string;
    slogan: string;
    logoUrl: string;
    preferencesUrl: string;
    /** The club's name and accent colour (`#rrggbb`), for the band at the top. */
    clubName: string;
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

/** `html`: the kind's own HTML part (the weekly list); the others get the club's layout from notify. */
export type Render<K extends MailKind> = (data: TemplateData[K]) => {
  subject: string;
  text: string;
  html?: Promise<string>;
};
export type Templates = { [K in MailKind]: Record<Language, Render<K>> };
