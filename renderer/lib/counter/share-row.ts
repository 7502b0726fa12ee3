// One share as a row of the token board, in the desk's language: when it came, how long its token holds, the
// patient's birth and age, gender, the mobile's last digits, where they live, and the status with its reason.
// Pure but for the words table, so the board and its tests read the same rules.
import type { ShareView } from '../../../electron/ipc/contract';
import { formatTime } from '../dates';
import { fill, translate, type Language, type StringKey } from '../i18n';

const say = (lang: Language, key: StringKey, values: Record<string, string | number> = {}) => fill(translate(lang, key), values);

/** Whole minutes the token still holds ("12 min"), rounded up so a live token never reads 0; a dash once it is over. */
export function validityText(share: ShareView, now: number, lang: Language): string {
  const until = share.validUntil ? Date.parse(share.validUntil) : 0;
  // Never more than the token's own span: the page's clock may run apart from main's, which handed the token out.
  const left = Math.min(until - now, until - Date.parse(share.sharedAt));
  if (share.status !== 'waiting' || left <= 0) return say(lang, 'counter.validity.none');
  return say(lang, 'counter.validity.left', { minutes: Math.ceil(left / 60_000) });
}

/** "1985 (41 y)", or "12-03-1985 (41 y)" when day and month came; age in whole years on `now`'s day. */
export function bornText(share: ShareView, now: number, lang: Language): string {
  const { yearOfBirth: year, monthOfBirth: month, dayOfBirth: day } = share.patient;
  if (!year) return '—';
  const today = new Date(now);
  if (month && day) {
    const hadBirthday = today.getMonth() + 1 > month || (today.getMonth() + 1 === month && today.getDate() >= day);
    const date = `${String(day).padStart(2, '0')}-${String(month).padStart(2, '0')}-${year}`;
    return say(lang, 'counter.born.date', { date, age: today.getFullYear() - year - (hadBirthday ? 0 : 1) });
  }
  return say(lang, 'counter.born.year', { year, age: today.getFullYear() - year });
}

const GENDERS = ['M', 'F', 'O', 'T', 'U', 'D'];

export function genderText(share: ShareView, lang: Language): string {
  const gender = share.patient.gender?.trim().toUpperCase() ?? '';
  if (!gender) return '—';
  return GENDERS.includes(gender) ? say(lang, `counter.gender.${gender}` as StringKey) : gender;
}

/** The mobile's last 4 digits only: the board is on a screen the queue may see. */
export function mobileText(share: ShareView, lang: Language): string {
  const digits = share.patient.mobile?.replace(/\D/g, '') ?? '';
  return digits.length >= 4 ? say(lang, 'counter.mobile.last', { digits: digits.slice(-4) }) : '—';
}

export function placeText(share: ShareView): string {
  return [share.patient.district, share.patient.state].filter((part) => part && part.trim() && part.trim() !== '-').join(', ') || '—';
}

export function nameText(share: ShareView, lang: Language): string {
  return share.patient.name?.trim() || say(lang, 'counter.noName');
}

export function sharedAtText(share: ShareView): string {
  return formatTime(new Date(share.sharedAt));
}

const PROBLEMS = ['other-hip', 'not-a-profile-share', 'no-abha-address', 'no-counter'];

/** The status in words; a failure says why. */
export function statusText(share: ShareView, lang: Language): string {
  switch (share.status) {
    case 'registered':
      return say(lang, 'counter.status.registered', { number: share.registeredAs ?? '' });
    case 'failed': {
      const why = share.problem && PROBLEMS.includes(share.problem) ? share.problem : 'unknown';
      return say(lang, 'counter.status.failed', { why: say(lang, `counter.problem.${why}` as StringKey) });
    }
    case 'expired':
      return say(lang, 'counter.status.expired');
    default:
      return say(lang, 'counter.status.waiting');
  }
}

/** A share the clerk can register: it named a patient and is not registered yet (an expired one still can be). */
export function canRegister(share: ShareView): boolean {
  return (share.status === 'waiting' || share.status === 'expired') && !share.registeredAs;
}
