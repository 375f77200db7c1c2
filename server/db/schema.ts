import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: string;
  username: string;
  email: string;
  password_hash: string | null;
  role_name: 'User' | 'Contributor' | 'Admin' | 'SuperAdmin';
  connection_attempt: Generated<number>;
  is_locked: Generated<boolean>;
  locked_until: Date | null;
  lock_count: Generated<number>;
  is_revoked: Generated<boolean>;
  confirmed_at: Date | null;
  last_name: string | null;
  first_name: string | null;
  street: string | null;
  city: string | null;
  zip_code: string | null;
  phone: string | null;
  shoe_size: number | null;
  has_shoes: Generated<boolean>;
  language: Generated<'fr' | 'en'>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: ColumnType<Date, Date, never>;
  last_used_at: Date;
}

export interface AppSettingsTable {
  key: string;
  value: string;
  updated_at: Date;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  app_settings: AppSettingsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
