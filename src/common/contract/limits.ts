/** The limits table of server-rules, shared by the client's forms and the server's validation. */
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
  guestsPerMember: 3,
  /** server-rules v4 "Limits": a news post's title and text. */
  newsTitleMax: 120,
  newsTextMax: 5_000,
  /** server-rules v4 "Limits": an event's own title and notes (issue 28). */
  eventTitleMax: 100,
  eventNotesMax: 2_000,
  /** Issue 28: co-organisers on one event, a head coach's stand-ins rather than the club. */
  coOrganisersMax: 10,
  /** server-rules v4 "Limits": the organiser's word in a cancellation's mail and push. */
  cancelMessageMax: 1_000,
  imageBytesMax: 5 * 1024 * 1024,
  imagePixelsMax: 25_000_000,
  shoeSizeMin: 15,
  shoeSizeMax: 60,
  /** Writes in one POST /api/replay at most (server-rules "Replays"); the app's drain sends batches of this size. */
  replayBatchMax: 50,
  /** server-rules v4 "Abuse limits": signed-in writes per user per window, replayed ones included. */
  writesPerUser: 600,
  /** …and subscription changes (subscribe, unsubscribe, waiting list) per user and event per window. */
  subscriptionChangesPerEvent: 20,
  writeWindowMs: 10 * 60_000,
} as const;
