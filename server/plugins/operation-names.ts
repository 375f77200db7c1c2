import type { FastifyInstance } from 'fastify';

/**
 * Every API operation's OpenAPI name: an operationId for client generators and a summary for people.
 * Kept in one table, as an index of the API that reads at once; a route missing from it, or a name left
 * for a route that is gone, stops the server from starting (as body-limits.ts does).
 */
const OPERATIONS: Readonly<Record<string, readonly [operationId: string, summary: string]>> = {
  'GET /api/health': ['getHealth', 'Whether the server and its database answer'],
  'POST /api/user/login': ['login', 'Sign in: a bearer token for the other calls'],
  'POST /api/user/confirm/:token': [
    'confirmAccount',
    'Set the password of an invited account, or a new one after a reset',
  ],
  'POST /api/user/email/confirm/:token': [
    'confirmEmailChange',
    'Confirm a new email address from the link mailed to it',
  ],
  'POST /api/user/reset': ['askPasswordReset', 'Ask for a password reset mail'],
  'GET /api/internal/settings': ['getSettings', "The club's settings: name, colours, logo, defaults"],
  'PUT /api/internal/settings': ['updateSettings', "Change the club's settings"],
  'GET /api/internal/settings/start': ['getStartSettings', 'What the first page needs before signing in'],
  'GET /api/calendar/:file': ['getCalendarFeed', "A member's private iCalendar feed"],
  'GET /api/unsubscribe/:token': [
    'showUnsubscribe',
    "A mail's unsubscribe link: what one click would switch off",
  ],
  'POST /api/unsubscribe/:token': [
    'unsubscribe',
    "Switch off a mail's notification type (RFC 8058 one click)",
  ],
  'GET /api/answer/:token': ['showAnswer', "A mail's answer link: what the answer will do"],
  'POST /api/answer/:token': ['answer', "Answer from a mail: come, don't come, or give the place back"],
  'POST /api/answer/:token/push': [
    'answerFromNotification',
    "A notification's answer: the mail's link, no page",
  ],
  'GET /api/internal/club-settings': ['getClubSettings', "The club's name, accent colour and reminder delay"],
  'PUT /api/internal/club-settings': [
    'updateClubSettings',
    "Change the club's name, accent colour or reminder delay",
  ],
  'GET /api/user/me': ['getMe', 'The signed-in member'],
  'POST /api/user/logout': ['logout', 'Sign out: ends this token'],
  'POST /api/user/register': ['inviteUser', 'Create an account and mail its invitation'],
  'POST /api/user/import': ['importMembers', 'Import members from a spreadsheet (CSV), preview first'],
  'GET /api/user/export/:id': ['exportMemberData', "A member's data, as a JSON file"],
  'GET /api/user/export/:id/page.html': ['exportMemberDataPage', "A member's data, as a page a person reads"],
  'PUT /api/user/email/:id': ['changeEmail', "Change an account's email address"],
  'GET /api/family': [
    'getFamily',
    "The caller's children and their guardians, and the caller's own guardians",
  ],
  'POST /api/family/children': ['createChild', 'Add a child without a login, the caller its guardian'],
  'POST /api/user/:id/guardians': ['linkGuardian', 'Link (or invite) a guardian of a member by email'],
  'DELETE /api/user/:id/guardians/:guardianId': ['unlinkGuardian', 'End a guardian link; the child stays'],
  'PUT /api/user/:id/guardians/:guardianId': [
    'restrictGuardian',
    "Mark or lift a guardian's court-order restriction",
  ],
  'GET /api/user/:id/consents': ['readConsents', "A member's consents for a season"],
  'PUT /api/user/:id/consents': ['updateConsents', 'Give or withdraw consents for a child, for a season'],
  'PUT /api/user/:id/licence': ['recordLicence', "Record a member's licence for a season"],
  'PUT /api/user/:id/health': ['replaceHealthItems', "Replace a member's health items"],
  'GET /api/user/:id/member-file': ['readMemberFile', "A member's licences and health items"],
  'GET /api/user/:id/dossier': ['readDossier', "A member's file status on a day"],
  'GET /api/user/dossiers-to-settle': ['listDossiersToSettle', "Members' files that need an Admin's action"],
  'GET /api/user/dossiers-to-settle.csv': ['listDossiersToSettleCsv', 'The files to settle as CSV'],
  'PUT /api/user/password/:id': ['changePassword', "Change one's own password, with the current one"],
  'DELETE /api/user/:id': ['deleteAccount', 'Delete an account (the member themself or an admin)'],
  'GET /api/user': ['listUsers', 'Every account'],
  'GET /api/user/profile/:id': ['getProfile', "A member's profile"],
  'PUT /api/user/profile/update/:id': ['updateProfile', "Change a member's profile"],
  'PUT /api/user/role/:id': ['setRole', "Change a member's role"],
  'PUT /api/user/status/:id': ['setStatus', 'Revoke an account or give it back'],
  'POST /api/user/profile/picture': ['uploadProfilePicture', 'Upload your profile picture'],
  'PUT /api/internal/settings/logo': ['uploadLogo', "Upload the club's logo"],
  'GET /api/user/preference/:id': ['getNotificationPreferences', "A member's notification switches"],
  'PUT /api/user/preference/:id': ['setNotificationPreferences', "Change a member's notification switches"],
  'GET /api/user/system/settings/:id': ['getSystemNotifications', "The club's notification switches"],
  'PUT /api/user/system/settings/:id': ['setSystemNotifications', "Change the club's notification switches"],
  'GET /api/internal/email-settings': [
    'getMailSender',
    "Who the club's mails come from, and where answers go",
  ],
  'POST /api/internal/email-settings/test': ['sendTestMail', "Send a test mail to one's own address"],
  'POST /api/user/:id/invitation': ['resendInvitation', 'Mail an invited account a new invitation link'],
  'POST /api/user/calendar-feed': [
    'createCalendarFeed',
    'Make your calendar feed link (a new one replaces the old)',
  ],
  'GET /api/user/calendar-feed': ['getCalendarFeedState', 'Whether your calendar feed link is active'],
  'DELETE /api/user/calendar-feed': ['revokeCalendarFeed', 'End your calendar feed link'],
  'GET /api/push/public-key': ['getPushPublicKey', "The server's VAPID public key"],
  'PUT /api/push/subscription': ['savePushSubscription', "Store this device's push subscription"],
  'DELETE /api/push/subscription': ['deletePushSubscription', 'Remove one of your push subscriptions'],
  'GET /api/event/model': ['listModels', 'Every event model'],
  'POST /api/event/model/add': ['addModel', 'Create an event model'],
  'POST /api/event/model/update': ['updateModel', 'Change an event model'],
  'DELETE /api/event/model/delete/:id': ['deleteModel', 'Delete an event model no event uses'],
  'GET /api/stuff': ['listStuff', "The club's equipment"],
  'POST /api/stuff/add': ['addStuff', 'Add equipment'],
  'POST /api/stuff/update': ['updateStuff', 'Change equipment'],
  'DELETE /api/stuff/delete/:id': ['deleteStuff', 'Delete equipment no one holds'],
  'POST /api/event/add-or-update': ['saveEvent', 'Create an event, or change, cancel or reactivate one'],
  'DELETE /api/event/delete/:id': ['deleteEvent', 'Delete a cancelled event'],
  'GET /api/event/from/:from/to/:to': ['listEvents', 'The events between two days'],
  'GET /api/event/organisers': ['listOrganisers', 'Who may be named co-organiser of an event'],
  'GET /api/event/model-start/:id': ['getModelStart', 'What a new event of a model starts from'],
  'GET /api/event/:id': ['getEvent', 'One event with its subscribers, waiting list and guests'],
  'POST /api/event/mail': ['mailSubscribers', "Mail an event's subscribers"],
  'POST /api/event/series': ['createSeries', 'Create a training series'],
  'GET /api/event/series/:id': ['getSeries', "A series' rule and sessions"],
  'PUT /api/event/series/:id': ['updateSeries', 'Change a series from a session on'],
  'PUT /api/event/series/:id/subscribe': ['subscribeSeries', 'Subscribe to a series, or leave it'],
  'PUT /api/event/subscribe/status': ['setSubscription', 'Subscribe to an event, or leave it'],
  'PUT /api/event/subscribe/stuffs': ['changeKit', 'Change the kit of a subscription, keeping the place'],
  'POST /api/event/waiting-list': ['joinWaitingList', "Join a full event's waiting list"],
  'PUT /api/event/decline': ['setDecline', 'Answer "not coming" to an event, or take it back'],
  'GET /api/event/my-declines/:id': ['listMemberDeclines', 'The events a member answered "not coming" to'],
  'GET /api/event/:id/declines': ['listEventDeclines', 'Who answered "not coming" to an event'],
  'PUT /api/event/checklist': ['setCheck', 'Set the attendance of a member or guest (tick or status)'],
  'PUT /api/event/walk-in': ['setWalkIn', 'Add a walk-in, or set their attendance'],
  'GET /api/event/:id/members': ['searchMembers', 'Find club members by name to add as walk-ins'],
  'GET /api/event/checklist/members': [
    'listClubMembers',
    "The club's members, for an organiser's device to add a walk-in offline",
  ],
  'PUT /api/event/checklist/stuff': [
    'setStuffHandOut',
    'Hand a booked item out, or take it back (replayable)',
  ],
  'GET /api/stuff/not-returned': [
    'listNotReturned',
    'The items handed out at ended events and not given back',
  ],
  'GET /api/stuff/not-returned.csv': ['listNotReturnedCsv', 'The items not given back as CSV'],
  'GET /api/event/subscribe/:id': ['getSubscriptionOptions', 'The equipment left for an event'],
  'GET /api/event/my-subscriptions/:id': ['listMemberSubscriptions', "A member's subscriptions"],
  'GET /api/event/my-waiting-list/:id': ['listMemberWaiting', "A member's waiting-list places"],
  'POST /api/event/invite': ['inviteGuest', 'Invite a guest to an event, or change one'],
  'PUT /api/event/delete-invitation': ['deleteGuest', 'Remove a guest'],
  'GET /api/event/my-invite-list/:uuid_event/:uuid_user': [
    'listMemberGuests',
    "A member's guests at an event",
  ],
  'GET /api/event/:id/attendance': ['getAttendance', "An event's attendance"],
  'GET /api/event/:id/attendance.csv': ['getAttendanceCsv', "An event's attendance as CSV"],
  'GET /api/report/season': ['getSeasonReport', 'The season report'],
  'GET /api/report/season.csv': ['getSeasonReportCsv', 'The season report as CSV'],
  'GET /api/news': ['listNews', "The club's news, newest first (public)"],
  'POST /api/news': ['postNews', 'Post news, with an optional picture'],
  'PUT /api/news/:id': ['updateNews', 'Change a news post or its picture'],
  'DELETE /api/news/:id': ['deleteNews', 'Delete a news post and its picture'],
  'GET /api/event/:id/comments': ['listComments', "An event's thread, oldest first"],
  'POST /api/event/:id/comments': ['postComment', "Write in an event's thread (replayable)"],
  'PUT /api/event/comment/:id': ['editComment', 'Change the text of your own comment'],
  'DELETE /api/event/comment/:id': ['deleteComment', 'Delete a comment'],
  'POST /api/replay': ['replay', 'Send the offline outbox: a batch of queued writes, each answered'],
};

/** Names each API route as it is declared, public by default; register in the API scope before its routes. */
export function registerOperationNames(api: FastifyInstance): void {
  const named = new Set<string>();
  const unnamed: string[] = [];
  api.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const key = `${method} ${route.url}`;
      const operation = OPERATIONS[key];
      if (!operation) {
        unnamed.push(key);
        continue;
      }
      named.add(key);
      const [operationId, summary] = operation;
      // Public unless the signed-in scope's hook (auth.ts), which runs after this one, says otherwise.
      route.schema = { security: [], ...route.schema, operationId, summary };
    }
  });
  api.addHook('onReady', async () => {
    const gone = Object.keys(OPERATIONS).filter((key) => !named.has(key));
    if (unnamed.length > 0 || gone.length > 0)
      throw new Error(
        `operation-names.ts: no name for ${unnamed.join(', ') || 'none'}; names for no route: ${gone.join(', ') || 'none'}`,
      );
  });
}
