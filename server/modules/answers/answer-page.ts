import type { EventDto } from '@common/contract/event';
import type { DossierReason } from '@common/contract/member-file';
import type { Language } from '@common/contract/user';
import { groupByKind } from '@common/rules/kit';
import { escapeHtml, type PageBrand, simplePage } from '../../html';
import { catalogueCount, catalogueText, errorMessage } from '../../i18n/catalogue';
import type { AnswerAction } from '../../mail/answer-links';
import { memberFilePath } from '../../mail/app-links';
import type { AnswerResult, LinkProblem } from './answers.service';

const text = (language: Language, key: string, values?: Record<string, string>) =>
  catalogueText(language, 'answer_page', key, values);
const paragraph = (value: string) => `<p>${escapeHtml(value)}</p>`;
const link = (href: string, label: string) => `<p><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></p>`;
/** Where « Mon dossier » is, from the app's address: the profile screen. */
const dossierUrl = (appUrl: string) => new URL(memberFilePath, appUrl).toString();

/**
 * What a member's file lacks, in the words « Mon dossier » uses (docs/rules.md#members-file), and the way to fix
 * it: `intro`, the reasons as a list, then the link to the profile. The reasons only, no other health detail.
 */
function dossierPart(language: Language, intro: string, reasons: readonly DossierReason[], appUrl: string) {
  return [
    paragraph(intro),
    '<ul>',
    ...reasons.map(
      (reason) => `<li>${escapeHtml(catalogueText(language, 'memberFile', `reason.${reason}`))}</li>`,
    ),
    '</ul>',
    link(dossierUrl(appUrl), text(language, 'dossier_fix')),
  ];
}

export interface ConfirmInput {
  language: Language;
  action: AnswerAction;
  /** How mails name the event: "Kayak, samedi 28/11/2026 10:00". */
  eventName: string;
  eventUrl: string;
  /** Where the form posts: the link itself. */
  formAction: string;
  /** "Je viens" on a full event: the answer joins the waiting list. */
  willWait: boolean;
  /** The equipment "Je viens" may ask for: what the event offers, with what is left (null: no limit). */
  event: EventDto;
  /** In a guardian's copy: the child the answer is for (docs/rules.md#families). */
  forName?: string;
  /** The club the page speaks for (docs/rules.md#club-settings). */
  brand: PageBrand;
}

/**
 * The kit choice (docs/rules.md#answer-links): one choice per kind (groupByKind), each a list whose first option,
 * chosen by default, is « J'ai mon propre matériel », then the kind's items with what is left of each; an item with
 * nothing left is shown, disabled, but for a waiting-list wish, whose stock is read at promotion (docs/rules.md#kit).
 * Every list is named `stuffs`, so the form posts the kit as repeated fields. A list, not radio buttons: radio
 * buttons sharing a name are one group, and each kind needs a choice of its own.
 */
function stuffChoice(language: Language, event: EventDto, isWish: boolean): string[] {
  if (event.stuffs_available.length === 0) return [];
  const option = (value: string, label: string, options: { selected?: boolean; disabled?: boolean } = {}) =>
    `<option value="${escapeHtml(value)}"${options.selected ? ' selected' : ''}${options.disabled ? ' disabled' : ''}>${escapeHtml(label)}</option>`;
  const itemOption = (stuff: EventDto['stuffs_available'][number]) =>
    stuff.available === null
      ? option(stuff.uuid, stuff.name)
      : stuff.available > 0
        ? option(
            stuff.uuid,
            catalogueCount(language, 'answer_page', 'stuff_left', stuff.available, { name: stuff.name }),
          )
        : option(stuff.uuid, text(language, 'stuff_none', { name: stuff.name }), { disabled: !isWish });
  return [
    '<fieldset>',
    `<legend>${escapeHtml(text(language, 'stuff_legend'))}</legend>`,
    ...groupByKind(event.stuffs_available).flatMap(({ kind, items }) => [
      `<p><label>${escapeHtml(kind ?? text(language, 'stuff_kind_other'))}`,
      '<select name="stuffs">',
      option('', text(language, 'stuff_own'), { selected: true }),
      ...items.map(itemOption),
      '</select></label></p>',
    ]),
    '</fieldset>',
  ];
}

/** GET: what the answer will do, and the one button that does it. */
export function confirmPage(input: ConfirmInput): string {
  const { language, action, eventName, willWait } = input;
  const intro = action === 'come' ? (willWait ? 'confirm_come_full' : 'confirm_come') : `confirm_${action}`;
  const button =
    action === 'come'
      ? willWait
        ? 'confirm_button_wait'
        : 'confirm_button_come'
      : `confirm_button_${action}`;
  return simplePage(
    language,
    text(language, `title_${action}`),
    [
      ...(input.forName ? [paragraph(text(language, 'for_child', { name: input.forName }))] : []),
      paragraph(text(language, intro, { event: eventName })),
      `<form method="post" action="${escapeHtml(input.formAction)}">`,
      ...(action === 'come' ? stuffChoice(language, input.event, willWait) : []),
      `<button type="submit">${escapeHtml(text(language, button))}</button>`,
      '</form>',
      link(input.eventUrl, text(language, 'open_event')),
    ],
    input.brand,
  );
}

/**
 * POST: what was recorded; under a model that warns, what the member's file lacks and where to complete it
 * (`dossier`, with the app's address).
 */
export function donePage(
  brand: PageBrand,
  language: Language,
  result: AnswerResult,
  eventName: string,
  eventUrl: string,
  forName?: string,
  dossier?: { warnings: readonly DossierReason[]; appUrl: string },
): string {
  return simplePage(
    language,
    text(language, 'done_title'),
    [
      ...(forName ? [paragraph(text(language, 'for_child', { name: forName }))] : []),
      paragraph(text(language, `done_${result}`, { event: eventName })),
      ...(dossier && dossier.warnings.length > 0
        ? dossierPart(language, text(language, 'dossier_warn'), dossier.warnings, dossier.appUrl)
        : []),
      link(eventUrl, text(language, 'open_event')),
    ],
    brand,
  );
}

/** The HTTP status of each problem: a 4xx, so no client takes the page for a success. */
export const PROBLEM_STATUS = {
  invalid: 404,
  gone: 404,
  account: 403,
  deleted: 410,
  used: 409,
  refused: 409,
  expired: 410,
} as const satisfies Record<LinkProblem['problem'], number>;

/** Why nothing happened, in the member's language (Accept-Language when the link names nobody). */
export function problemPage(
  brand: PageBrand,
  language: Language,
  problem: LinkProblem,
  appUrl: string,
): string {
  // A file the model blocks says what it lacks and where to complete it (docs/rules.md#members-file).
  if (problem.problem === 'refused' && problem.code === 'dossier_incomplete')
    return simplePage(
      language,
      text(language, 'refused_title'),
      [
        ...dossierPart(language, text(language, 'refused_dossier_text'), problem.reasons ?? [], appUrl),
        link(appUrl, text(language, 'open_app')),
      ],
      brand,
    );
  const body =
    problem.problem === 'refused'
      ? text(language, 'refused_text', { reason: errorMessage(problem.code, language) })
      : text(language, `${problem.problem}_text`);
  return simplePage(
    language,
    text(language, `${problem.problem}_title`),
    [paragraph(body), link(appUrl, text(language, 'open_app'))],
    brand,
  );
}
