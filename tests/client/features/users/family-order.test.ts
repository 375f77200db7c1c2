import type { AdminUser } from '@common/contract/user';
import { describe, expect, it } from 'vitest';
import { listByFamily } from '../../../../src/features/users/family-order';
import { USER } from '../../fake-api';

// The Admins' list by family (docs/rules.md#families): a child under its first guardian in the list, named
// with its guardians; minors marked; a minor with no guardian said to be; « Moins de 18 ans seulement ».
const TODAY = '2026-11-28';
const person = (id: string, firstName: string, extra: Partial<AdminUser> = {}): AdminUser => ({
  ...USER,
  id,
  username: firstName.toLowerCase(),
  first_name: firstName,
  last_name: 'Le Bihan',
  ...extra,
});
const anna = person('a', 'Anna');
const gwen = person('g', 'Gwen');
const yann = person('y', 'Yann');
const lou = person('l', 'Lou', {
  birth_date: '2017-05-01',
  added_by: 'g',
  guardian_links: [
    { id: 'y', is_restricted: false },
    { id: 'g', is_restricted: false },
  ],
});
const orphan = person('o', 'Noé', { birth_date: '2012-02-02', guardian_links: [] });
const grown = person('z', 'Zoé', { birth_date: '2008-11-28' });

describe('listByFamily', () => {
  it('puts each child right under its first guardian in the list, with its guardians named', () => {
    const listed = listByFamily([anna, gwen, lou, orphan, yann, grown], TODAY);
    expect(listed.map((l) => l.user.first_name)).toEqual(['Anna', 'Gwen', 'Noé', 'Yann', 'Lou', 'Zoé']);
    const louLine = listed.find((l) => l.user.id === 'l');
    expect(louLine).toMatchObject({
      isMinor: true,
      hasNoGuardian: false,
      guardianNames: ['Yann Le Bihan', 'Gwen Le Bihan'],
    });
    expect(listed.find((l) => l.user.id === 'o')).toMatchObject({
      isMinor: true,
      hasNoGuardian: true,
      guardianNames: null,
    });
    // 18 that very day: no longer a minor.
    expect(listed.find((l) => l.user.id === 'z')).toMatchObject({ isMinor: false, hasNoGuardian: false });
  });

  it('keeps a child where it stood when its guardians are not in this list (revoked, say)', () => {
    expect(listByFamily([anna, lou], TODAY).map((l) => l.user.first_name)).toEqual(['Anna', 'Lou']);
  });

  it('« Moins de 18 ans seulement » keeps the minors alone', () => {
    expect(
      listByFamily([anna, gwen, lou, orphan, yann, grown], TODAY, true).map((l) => l.user.first_name),
    ).toEqual(['Lou', 'Noé']);
  });
});
