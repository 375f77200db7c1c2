import type { Language } from '@common/contract/user';
import { catalogueText } from '../i18n/catalogue';

/**
 * The last line of every message the club sends (docs/rules.md#mails): the club's own name, never the software's;
 * an organiser's group mail signs with their name before it. Its own paragraph, so the HTML part can lift it out.
 */
export const signatureOf = (clubName: string, author?: string | null): string =>
  `\n\n— ${author ? `${author}, ${clubName}` : clubName}`;

/** The paragraph a signed text ends with (`\n\n— …`), or null: what composeMail shows as the HTML's signature. */
export function signatureIn(text: string): string | null {
  const match = /\n\n(— [^\n]+)$/.exec(text);
  return match?.[1] ?? null;
}

/** « Bonjour Léna, »: the first name only, never the username; « Bonjour, » when the member gave none. */
export function hello(language: Language, firstName: string | null): string {
  const name = firstName?.trim() ?? '';
  return name === ''
    ? catalogueText(language, 'mail_words', 'hello')
    : catalogueText(language, 'mail_words', 'hello_name', { name });
}
