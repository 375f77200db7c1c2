import type { Kysely } from 'kysely';
import {
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_TYPES,
  type NotificationSetting,
  type NotificationType,
} from '../../../src/common/contract/notifications';
import type { Database } from '../../db/schema';

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

export async function writeSystemSwitch(db: Db, type: NotificationType, active: boolean): Promise<void> {
  await db
    .insertInto('system_notification_settings')
    .values({ type, active })
    .onConflict((oc) => oc.column('type').doUpdateSet({ active }))
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
    .onConflict((oc) => oc.columns(['user_id', 'type']).doUpdateSet({ active }))
    .execute();
}

/** The list the screens show: translation keys for name and description, in the spec's order. */
export function toSettings(switches: Switches): NotificationSetting[] {
  return NOTIFICATION_TYPES.map((name) => ({
    name,
    description: `${name}_description`,
    active: switches[name],
  }));
}
