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

/**
 * A page the server shows a member's browser outside the app (unsubscribe, answer links). `body` is HTML
 * already escaped by its maker. Styled by the one same-origin sheet public/pages.css (the app's CSP forbids
 * inline styles); no script.
 */
export function simplePage(language: Language, title: string, body: string[]): string {
  return [
    '<!doctype html>',
    `<html lang="${language}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    '<meta name="robots" content="noindex">',
    '<link rel="stylesheet" href="/pages.css">',
    `<title>${escapeHtml(title)}</title></head>`,
    `<body><main><h1>${escapeHtml(title)}</h1>`,
    ...body,
    '</main></body></html>',
  ].join('\n');
}
