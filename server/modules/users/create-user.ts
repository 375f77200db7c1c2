import { emailSchema, type RoleName, usernameSchema } from '@common/contract/user';
import { isStrongPassword } from '@common/rules/password';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { hashPassword } from './passwords';
import { insertUser, isUsernameOrEmailTaken } from './users.repository';

export interface CreateConfirmedUserInput {
  username: string;
  email: string;
  password: string;
  /** The hash of `password`, when the caller made it already: the demo's people share one password. */
  passwordHash?: string;
  role: RoleName;
}

export class CreateUserError extends Error {}

/** A confirmed account with a password, as seeded from the command line (never over HTTP). */
export async function createConfirmedUser(
  db: Kysely<Database>,
  input: CreateConfirmedUserInput,
): Promise<UserRow> {
  const username = usernameSchema.safeParse(input.username);
  if (!username.success)
    throw new CreateUserError('The username must be 3 to 32 of a-z, 0-9, ".", "_" or "-".');
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw new CreateUserError('The email address is not valid.');
  if (!isStrongPassword(input.password)) {
    throw new CreateUserError(
      'The password needs at least 8 characters with an uppercase, a lowercase and a digit.',
    );
  }
  const taken = await isUsernameOrEmailTaken(db, username.data, email.data);
  if (taken) throw new CreateUserError(`That ${taken} is already taken.`);
  return insertUser(db, {
    username: username.data,
    email: email.data,
    password_hash: input.passwordHash ?? (await hashPassword(input.password)),
    role_name: input.role,
    confirmed_at: new Date(),
  });
}
