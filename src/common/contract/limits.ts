import { GUESTS_PER_MEMBER } from './guests-per-member';

/** The limits table of docs/rules.md#limits, shared by the client's forms and the server's validation. */
export const LIMITS = {
  nameMax: 100,
  descriptionMax: 500,
  sloganMax: 500,
  zipMin: 2,
  zipMax: 10,
  phoneMax: 20,
  groupSubjectMin: 5,
  groupSubjectMax: 200,
  groupMessageMin: 5,
  groupMessageMax: 10_000,
  maxSubscribersMin: 1,
  maxSubscribersMax: 10_000,
  stockMax: 10_000,
  guestAgeMax: 120,
  guestsPerMember: GUESTS_PER_MEMBER,
  /** Items in one booking's kit (docs/rules.md#kit): a boat, a paddle, a vest, a helmet… with room to spare. */
  kitItemsMax: 10,
  /** A stuff's kind, which the kit dialog groups by. */
  stuffKindMax: 40,
  /** A news post's title and text. */
  newsTitleMax: 120,
  newsTextMax: 5_000,
  /** An event's own title and notes. */
  eventTitleMax: 100,
  eventNotesMax: 2_000,
  /** Where members meet for an event: the shed, the slipway, the car park (docs/rules.md#events). */
  meetingPointMax: 200,
  /** A comment under an event (docs/rules.md#talking-around-an-event). */
  commentMax: 2_000,
  /** Comments one member may write per hour, all events together. */
  commentsPerHour: 30,
  /** The newest comments a sheet shows when it opens; the earlier ones are a tap away. */
  commentsShownAtOpen: 20,
  /** Co-organisers on one event, a head coach's stand-ins rather than the club. */
  coOrganisersMax: 10,
  /** The organiser's word in a cancellation's mail and push. */
  cancelMessageMax: 1_000,
  imageBytesMax: 5 * 1024 * 1024,
  imagePixelsMax: 25_000_000,
  shoeSizeMin: 15,
  shoeSizeMax: 60,
  /** Writes in one POST /api/replay at most (docs/rules.md#replays), and the size of the drain's batches. */
  replayBatchMax: 50,
  /** Signed-in writes per user per window, replayed ones included (docs/rules.md#abuse-limits). */
  writesPerUser: 600,
  /** …and subscription changes (subscribe, unsubscribe, waiting list) per user and event per window. */
  subscriptionChangesPerEvent: 20,
  writeWindowMs: 10 * 60_000,
} as const;
