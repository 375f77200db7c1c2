import { existsSync } from 'node:fs';
import path from 'node:path';
import { MEMBER_EXPORT_FORMAT, type MemberExport } from '@common/contract/member-export';
import { pictureUrl } from '@common/contract/users';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { everyConsentOf } from '../family/consents.repository';
import { actedForOf, findChildrenOf, findGuardiansOf } from '../family/guardianships.repository';
import { memberFileExportOf } from '../member-file/member-file.service';
import { findCalendarFeedToken } from './member-export.repository';
import { iso, isoOf, listSections } from './member-export-sections';

type Db = Kysely<Database>;

export function profileOf(user: UserRow, publicDir: string): MemberExport['profile'] {
  const hasPicture = existsSync(path.join(publicDir, 'profile', `${user.id}.png`));
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    street: user.street,
    city: user.city,
    zip_code: user.zip_code,
    phone: user.phone,
    shoe_size: user.shoe_size,
    has_shoes: user.has_shoes,
    language: user.language,
    role_name: user.role_name,
    hidden_from_members: user.hidden_from_members,
    is_revoked: user.is_revoked,
    created_at: isoOf(user.created_at),
    confirmed_at: iso(user.confirmed_at),
    picture_url: hasPicture ? pictureUrl(user.id) : null,
    birth_date: user.birth_date,
  };
}

/**
 * The member's guardians (restricted ones never named: docs/rules.md#families), children, consents, and what
 * guardians did in their place.
 */
export async function familyOf(db: Db, userId: string): Promise<MemberExport['family']> {
  const named = (row: { id: string; first_name: string | null; last_name: string | null }) => ({
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
  });
  const guardians = (await findGuardiansOf(db, userId))
    .filter((guardian) => !guardian.is_restricted)
    .map((guardian) => named({ ...guardian, id: guardian.guardian_id }));
  const consents = (await everyConsentOf(db, userId)).map((row) => ({
    ...row,
    given_at: isoOf(row.given_at),
  }));
  const doneByGuardians = (await actedForOf(db, userId)).map((row) => ({
    by: [row.first_name, row.last_name].filter(Boolean).join(' '),
    what: row.what,
    event_uuid: row.event_uuid,
    at: isoOf(row.at),
  }));
  return {
    guardians,
    children: (await findChildrenOf(db, userId)).map(named),
    consents,
    done_by_guardians: doneByGuardians,
  };
}

/**
 * The member's data as JSON text, piece by piece (docs/rules.md#members-in-and-out): the profile, then each list a page at
 * a time, so a member with years of attendance is written as it is read, never held whole. The layout is
 * `memberExportSchema`'s; the `key` each page carries for the next is left out of the file.
 */
export async function* memberExportJson(
  db: Db,
  user: UserRow,
  publicDir: string,
  now: Date,
): AsyncGenerator<string> {
  yield `{"format":${JSON.stringify(MEMBER_EXPORT_FORMAT)},"exported_at":${JSON.stringify(now.toISOString())}`;
  yield `,"profile":${JSON.stringify(profileOf(user, publicDir))}`;
  const feed = await findCalendarFeedToken(db, user.id);
  yield `,"calendar_feed":${JSON.stringify({ exists: feed !== undefined, created_at: iso(feed?.created_at ?? null) })}`;
  yield `,"family":${JSON.stringify(await familyOf(db, user.id))}`;
  yield `,"member_file":${JSON.stringify(await memberFileExportOf(db, user.id))}`;
  for (const [name, pages] of Object.entries(listSections(db, user.id))) {
    yield `,${JSON.stringify(name)}:[`;
    let isFirst = true;
    for await (const rows of pages as AsyncGenerator<Array<{ key: unknown }>>) {
      const items = rows.map(({ key: _key, ...row }) => JSON.stringify(row));
      yield `${isFirst ? '' : ','}${items.join(',')}`;
      isFirst = false;
    }
    yield ']';
  }
  yield '}';
}
