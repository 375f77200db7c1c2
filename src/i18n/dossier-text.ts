import type { TFunction } from 'i18next';

/**
 * What a member's file lacks, in words (docs/rules.md#members-file): one sentence per reason, in the order the
 * rule gives them. Null when one has no words here (the later texts not loaded yet, or a newer server's reason),
 * never a raw code. No zod schema is read: the week's quick actions use it on the first paint.
 */
export function dossierReasonsText(t: TFunction, reasons: readonly string[]): string | null {
  const words = reasons.map((reason) => t(`memberFile.reason.${reason}`, { defaultValue: '' }));
  return words.some((word) => word === '') ? null : words.map((word) => `${word}.`).join(' ');
}

/**
 * A refusal's words: the error's, then, for `dossier_incomplete`, what the file lacks. Before the later texts are
 * loaded (a quick answer from the week, on the first paint), the server's message, which names the reasons in the
 * reader's language.
 */
export function refusalText(
  t: TFunction,
  code: string | null,
  message: string | null,
  reasons?: readonly string[],
): string | null {
  if (!code) return message;
  const error = t(`errors.${code}`, { defaultValue: message ?? '' });
  if (!reasons || reasons.length === 0) return error;
  const lacks = dossierReasonsText(t, reasons);
  if (lacks === null) return message ?? error;
  return lacks ? t('memberFile.notice.refused', { error, reasons: lacks }) : error;
}
