import type { User } from '@common/contract/user';
import type { AppDeps } from '../../app-deps';
import type { UserRow } from '../../db/schema';

/**
 * Handed in by app.ts (the families module builds on this one): gives a child without a login the address
 * asked for, with its invitation; answers undefined for an account that has an email.
 */
export type GiveChildLogin = (
  deps: AppDeps,
  trx: AppDeps['db'],
  actor: UserRow,
  id: string,
  email: string,
) => Promise<User | undefined>;
