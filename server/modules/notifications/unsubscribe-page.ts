import type { NotificationType } from '@common/contract/notifications';
import type { Language } from '@common/contract/user';
import { escapeHtml, type PageBrand, simplePage as page } from '../../html';
import { catalogueText } from '../../i18n/catalogue';

const text = (language: Language, key: string, values?: Record<string, string>) =>
  catalogueText(language, 'unsubscribe_page', key, values);

const preferencesLink = (language: Language, preferencesUrl: string) =>
  `<p><a href="${escapeHtml(preferencesUrl)}">${escapeHtml(text(language, 'preferences'))}</a></p>`;

export interface UnsubscribePageInput {
  language: Language;
  type: NotificationType;
  preferencesUrl: string;
  /** The club the page speaks for (docs/rules.md#club-settings). */
  brand: PageBrand;
}

const typeName = (language: Language, type: NotificationType) =>
  catalogueText(language, 'notifications', type);

/** GET: what the one click would do, and the button that does it (a mail scanner's GET changes nothing). */
export function confirmPage(
  { language, type, preferencesUrl, brand }: UnsubscribePageInput,
  action: string,
): string {
  return page(
    language,
    text(language, 'confirm_title'),
    [
      `<p>${escapeHtml(text(language, 'confirm_text', { type: typeName(language, type) }))}</p>`,
      `<form method="post" action="${escapeHtml(action)}">`,
      `<button type="submit" name="List-Unsubscribe" value="One-Click">${escapeHtml(text(language, 'confirm_button'))}</button>`,
      '</form>',
      preferencesLink(language, preferencesUrl),
    ],
    brand,
  );
}

/** POST: done. */
export function donePage({ language, type, preferencesUrl, brand }: UnsubscribePageInput): string {
  return page(
    language,
    text(language, 'done_title'),
    [
      `<p>${escapeHtml(text(language, 'done_text', { type: typeName(language, type) }))}</p>`,
      preferencesLink(language, preferencesUrl),
    ],
    brand,
  );
}

/** A token this club did not sign (changed, cut short) or for an account that is gone: nothing changed. */
export function invalidPage(brand: PageBrand, language: Language, preferencesUrl: string): string {
  return page(
    language,
    text(language, 'invalid_title'),
    [`<p>${escapeHtml(text(language, 'invalid_text'))}</p>`, preferencesLink(language, preferencesUrl)],
    brand,
  );
}
