import type { User } from '@common/contract/user';
import { vi } from 'vitest';

export const USER: User = {
  id: '0b7f3c4e-8a51-4a4b-9a2e-3f1f7c9d2e10',
  username: 'marie',
  email: 'marie@example.org',
  connection_attempt: 0,
  is_locked: false,
  is_revoked: false,
  role_id: 1,
  role_name: 'User',
  last_name: null,
  first_name: 'Marie',
  street: null,
  city: null,
  zip_code: null,
  phone: null,
  shoe_size: null,
  has_shoes: false,
  language: 'fr',
  hidden_from_members: false,
  email_bouncing: false,
  pending_email: null,
  birth_date: null,
};

export const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Replaces the browser's fetch (the network boundary) with answers chosen by the test. */
export function stubFetch(handler: Handler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) =>
    Promise.resolve(handler(String(input), init)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const offline = () => {
  throw new TypeError('Failed to fetch');
};
