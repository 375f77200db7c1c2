import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { createConfirmedUser } from '../modules/users/create-user';
import { hashPassword } from '../modules/users/passwords';
import { avatarPng } from './avatars';
import { DEMO_PASSWORD, type DemoPerson, MEMBERS, STAFF } from './club';
import type { DemoClient } from './demo-client';
import { demoBirthDate } from './member-files';

/** One of the demo's people, with their account and a session to act with. */
export interface Person extends DemoPerson {
  id: string;
  token: string;
}

/** The demo's people's addresses: a domain of no one's. */
export const demoEmail = (username: string) => `${username}@kayak-odet.example`;

/**
 * The club's staff and members: accounts made as the command line makes them, then each signs in and fills
 * in their profile, switches and picture through the API, as they would. Keyed by username.
 */
export async function welcomePeople(api: DemoClient, db: Kysely<Database>): Promise<Map<string, Person>> {
  const people = new Map<string, Person>();
  // One hash for everyone's one password: each argon2 hash takes tens of milliseconds.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const person of [...STAFF, ...MEMBERS]) {
    const row = await createConfirmedUser(db, {
      username: person.username,
      email: demoEmail(person.username),
      password: DEMO_PASSWORD,
      passwordHash,
      role: person.role,
    });
    people.set(person.username, { ...person, id: row.id, token: '' });
  }
  // Side by side: a sign-in's argon2 check runs off the main thread, so they overlap.
  await Promise.all(
    [...people.values()].map(async (person) => {
      person.token = await api.signIn(person.username, DEMO_PASSWORD);
    }),
  );
  for (const [index, person] of [...people.values()].entries()) {
    const birthDate = demoBirthDate(person.username, index);
    await api.call(person.token, 'PUT', `/api/user/profile/update/${person.id}`, {
      first_name: person.first_name,
      last_name: person.last_name,
      city: 'Quimper',
      zip_code: '29000',
      language: person.language ?? 'fr',
      ...(birthDate ? { birth_date: birthDate } : {}),
    });
    for (const [name, active] of Object.entries(person.preferences ?? {}))
      await api.call(person.token, 'PUT', `/api/user/preference/${person.id}`, {
        setting: { name, active },
      });
    if (person.picture)
      await api.upload(
        person.token,
        '/api/user/profile/picture',
        await avatarPng(person.first_name, person.last_name, person.picture),
      );
  }
  return people;
}
