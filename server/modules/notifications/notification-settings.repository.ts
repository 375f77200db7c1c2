import {
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_TYPES,
  type NotificationSetting,
  type NotificationType,
} from '@common/contract/notifications';
import type { Language } from '@common/contract/user';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';

type Db = Kysely<Database>;
type Switches = Record<NotificationType, boolean>;

function withDefaults(rows: Array<{ type: string; active: boolean }>): Switches {
  const switches = { ...NOTIFICATION_DEFAULTS };
  for (const row of rows) {
    if ((NOTIFICATION_TYPES as readonly string[]).includes(row.type))
      switches[row.type as NotificationType] = row.active;
  }
  return switches;
}

export async function readSystemSwitches(db: Db): Promise<Switches> {
  return withDefaults(
    await db.selectFrom('system_notification_settings').select(['type', 'active']).execute(),
  );
}

export async function readUserSwitches(db: Db, userId: string): Promise<Switches> {
  return withDefaults(
    await db
      .selectFrom('notification_preferences')
      .select(['type', 'active'])
      .where('user_id', '=', userId)
      .execute(),
  );
}

/**
 * The accounts whose preference for `type` is on (their own row, or the default when they have none), in
 * one query: a job addressing the whole club does not read each member's switches one by one. Callers
 * still send through notify(), which applies every other rule (system switch, revoked, unconfirmed).
 */
export function usersWithPreferenceOn(db: Db, type: NotificationType): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll('users')
    .where((eb) => {
      const ownRow = (active: boolean) =>
        eb
          .selectFrom('notification_preferences')
          .select('notification_preferences.user_id')
          .whereRef('notification_preferences.user_id', '=', 'users.id')
          .where('notification_preferences.type', '=', type)
          .where('notification_preferences.active', '=', active);
      return NOTIFICATION_DEFAULTS[type] ? eb.not(eb.exists(ownRow(false))) : eb.exists(ownRow(true));
    })
    .orderBy('users.username')
    .execute();
}

export async function writeSystemSwitch(db: Db, type: NotificationType, active: boolean): Promise<void> {
  await db
    .insertInto('system_notification_settings')
    .values({ type, active })
    .onConflict((oc) => oc.columns(['club_id', 'type']).doUpdateSet({ active }))
    .execute();
}

export async function writeUserSwitch(
  db: Db,
  userId: string,
  type: NotificationType,
  active: boolean,
): Promise<void> {
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, type, active })
    .onConflict((oc) => oc.columns(['club_id', 'user_id', 'type']).doUpdateSet({ active }))
    .execute();
}

/** The list the screens show: translation keys for name and description, in the order of NOTIFICATION_TYPES. */
export function toSettings(switches: Switches): NotificationSetting[] {
  return NOTIFICATION_TYPES.map((name) => ({
    name,
    description: `${name}_description`,
    active: switches[name],
  }));
}

/**
 * The account an unsubscribe link names, with the language its page is shown in; undefined once deleted.
 * Read here rather than through users/, which imports this area.
 */
export function findLinkedMember(
  db: Db,
  userId: string,
): Promise<{ id: string; language: Language } | undefined> {
  return db.selectFrom('users').select(['id', 'language']).where('id', '=', userId).executeTakeFirst();
}
