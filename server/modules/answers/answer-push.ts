import type { AppDeps } from '../../app-deps';
import { DossierIncompleteError, HttpError } from '../../http-error';
import { actOnAnswerLink, type LinkProblem } from './answers.service';

/** The API's status for a refusal's code: the few a rule answers outside 409 keep theirs. */
const REFUSAL_STATUS: Partial<Record<string, 400 | 403 | 404>> = {
  invalid_input: 400,
  forbidden: 403,
  not_found: 404,
};

/** Why a link did not act, as the API's error answer (docs/rules.md#errors) rather than a page. */
function linkError(found: Exclude<LinkProblem, { problem: 'used' }>): HttpError {
  switch (found.problem) {
    case 'invalid':
    case 'gone':
    case 'deleted':
      return new HttpError(404, 'not_found');
    case 'account':
      return new HttpError(403, 'forbidden');
    case 'expired':
      return new HttpError(409, 'event_past');
    case 'refused':
      // A file the model blocks answers as the app's subscribe does, with its reasons (docs/rules.md#members-file).
      if (found.code === 'dossier_incomplete') return new DossierIncompleteError(found.reasons ?? []);
      return new HttpError(REFUSAL_STATUS[found.code] ?? 409, found.code);
  }
}

/**
 * A notification's answer (docs/rules.md#answer-links): the same link, the same single use, with own equipment as
 * the kit. A link used already was used for this very answer (each action has its own link), so a retry that
 * finds it used is told it is recorded: answering twice is harmless and reads the same. Throws the refusal.
 */
export async function answeredNow(deps: AppDeps, token: string): Promise<void> {
  const found = await actOnAnswerLink(deps, token, []);
  if ('problem' in found && found.problem !== 'used') throw linkError(found);
}
