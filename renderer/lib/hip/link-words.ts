// A visit's link to the patient's ABHA in the clerk's words (VisitView.link): where it stands, why it failed with
// ABDM's own code kept for support, until when ABDM blocks it, and whether "Link again" may be offered. Pure, so a
// test reads what the desk would show.
import type { LinkProblem, VisitView } from '../../../electron/ipc/contract';
import { ERROR_CODES, type ErrorCode } from '../../../electron/shared/errors';
import { ABDM_MESSAGES } from '../abdm-messages';
import { formatDateTime } from '../dates';
import { errorText } from '../error-text';
import { fill, translate, type Language } from '../i18n';

type Link = VisitView['link'];

export function linkText(link: Link, lang: Language, now: Date): string {
  const word = (key: Parameters<typeof translate>[1], values: Record<string, string> = {}) => fill(translate(lang, key), values);
  switch (link.status) {
    case 'linked':
      return word(link.how === 'patient' ? 'visit.link.linkedByPatient' : 'visit.link.linked');
    case 'failed':
      return word('visit.link.failed', { why: failureWhy(link.problem, lang) });
    case 'blocked': {
      const until = link.problem?.retryAfter;
      if (!until) return word('visit.link.blocked', { time: '—' });
      return word(blockOver(link, now) ? 'visit.link.blockedOver' : 'visit.link.blocked', { time: formatDateTime(new Date(until)) });
    }
    default:
      return word(`visit.link.${link.status}`);
  }
}

/** Why a visit not linked yet will stay so: the desk has no HIP ID to link under. Null when there is nothing to add. */
export function linkHint(link: Link, hipId: string | undefined, lang: Language): string | null {
  return link.status === 'not-linked' && !hipId?.trim() ? translate(lang, 'visit.link.noHipId') : null;
}

/** ABDM's code as the visit keeps it, for the clerk to read out to support; null when ABDM sent none. */
export function linkAbdmCode(link: Link): string | null {
  return link.status === 'failed' || link.status === 'blocked' ? (link.problem?.abdmCode ?? null) : null;
}

/** "Link again" is offered when a link failed, or was blocked and the block has passed. */
export function mayLinkAgain(link: Link, now: Date): boolean {
  return link.status === 'failed' || (link.status === 'blocked' && blockOver(link, now));
}

function blockOver(link: Link, now: Date): boolean {
  const until = Date.parse(link.problem?.retryAfter ?? '');
  return Number.isFinite(until) && until <= now.getTime();
}

/** ABDM's own words for its code first; else ours for our code; else the general refusal. */
function failureWhy(problem: LinkProblem | null, lang: Language): string {
  const abdm = problem?.abdmCode ? ABDM_MESSAGES[problem.abdmCode]?.[lang] : undefined;
  if (abdm) return abdm;
  const ours = problem && (ERROR_CODES as readonly string[]).includes(problem.code) ? (problem.code as ErrorCode) : 'LINK_REFUSED';
  return errorText({ code: ours, params: problem?.retryAfter ? { retryAt: problem.retryAfter } : {} }, lang);
}
