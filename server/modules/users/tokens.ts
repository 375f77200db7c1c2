import { hash, randomBytes } from 'node:crypto';

/** Opaque session tokens: 256 random bits in base64url. Only their SHA-256 is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a token, worked out on every signed-in request: the one-shot hash, no Hash object. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
