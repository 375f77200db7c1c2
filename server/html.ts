import type { Language } from '@common/contract/user';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Every value written into HTML the server makes (pages, mails) may come from people (model names, guest
 * names, the slogan): escaped. The space French puts before ":", ";", "!" and "?" becomes a no-break
 * space, so a narrow screen never starts a line with one.
 */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c).replace(/ ([:;!?])/g, '&nbsp;$1');

/** The club a server page speaks for (docs/rules.md#club-settings): its name and its logo's URL. */
export interface PageBrand {
  clubName: string;
  /** Same-origin: the club's logo, or the bundled icon while none was uploaded. */
  logoUrl: string;
}

/**
 * A page the server shows a member's browser outside the app (unsubscribe, answer links), under the club's
 * name and logo. `body` is HTML already escaped by its maker. Styled by the same-origin sheets public/pages.css
 * and /club.css, which gives it the club's accent colour (the app's CSP forbids inline styles); no script.
 */
export function simplePage(language: Language, title: string, body: string[], brand: PageBrand): string {
  return [
    '<!doctype html>',
    `<html lang="${language}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    '<meta name="robots" content="noindex">',
    '<link rel="stylesheet" href="/pages.css">',
    '<link rel="stylesheet" href="/club.css">',
    `<title>${escapeHtml(title)} · ${escapeHtml(brand.clubName)}</title></head>`,
    // The logo is decoration beside the club's name, which says the same: empty alt.
    `<body><header class="club"><img src="${escapeHtml(brand.logoUrl)}" alt="" width="40" height="40">`,
    `<span>${escapeHtml(brand.clubName)}</span></header>`,
    `<main><h1>${escapeHtml(title)}</h1>`,
    ...body,
    '</main></body></html>',
  ].join('\n');
}
