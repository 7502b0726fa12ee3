// A visit's link to the ABHA as the clerk reads it on the Patient screen, in English and Hindi: each status in plain
// words, a failure with why and ABDM's code kept, a 24-hour block with its end, and "Link again" only when it can help.
import { describe, expect, it } from 'vitest';
import type { VisitView } from '../../../electron/ipc/contract';
import { formatDateTime } from '../../../electron/shared/dates';
import { addStrings } from '../../../renderer/lib/i18n';
import { hipStrings } from '../../../renderer/lib/hip/i18n-hip';
import { linkAbdmCode, linkHint, linkText, mayLinkAgain } from '../../../renderer/lib/hip/link-words';

addStrings(hipStrings);
const DEVANAGARI = /[\u0900-\u097F]/;
const NOW = new Date('2026-11-27T10:00:00+05:30');
type Link = VisitView['link'];
const link = (over: Partial<Link>): Link => ({ status: 'not-linked', problem: null, at: null, how: null, ...over });
const problem = (code: string, abdmCode: string | null, retryAfter: string | null = null) => ({ code, abdmCode, retryAfter });

describe('a visit’s link in words', () => {
  it.each([
    [link({ status: 'not-linked' }), 'Not linked to the ABHA yet'],
    [link({ status: 'linking' }), 'Linking to the ABHA…'],
    [link({ status: 'linked', how: 'desk', at: '2026-11-27T04:00:00Z' }), 'Linked to the ABHA'],
    [link({ status: 'linked', how: 'patient' }), 'Linked to the ABHA by the patient, from their app'],
    [link({ status: 'no-abha-address' }), 'No ABHA address known: the patient was sent an SMS link to add this visit in their app'],
  ])('%j reads “%s”, and has Hindi words', (value, english) => {
    expect(linkText(value, 'en', NOW)).toBe(english);
    expect(linkText(value, 'hi', NOW)).toMatch(DEVANAGARI);
  });

  it('a refusal says why in ABDM’s words where ABDM’s code has them, and keeps the code for support', () => {
    const failed = link({ status: 'failed', problem: problem('ABDM_ERROR', 'HIS-1008') });
    expect(linkText(failed, 'en', NOW)).toMatch(/^Could not link: \S/);
    expect(linkText(failed, 'en', NOW)).not.toContain('{');
    expect(linkAbdmCode(failed)).toBe('HIS-1008');
  });

  it('a refusal with a code the desk has no words for still says what happened, and the code is kept', () => {
    const failed = link({ status: 'failed', problem: problem('LINK_REFUSED', 'ABDM-8123') });
    expect(linkText(failed, 'en', NOW)).toBe('Could not link: ABDM did not link this visit to the patient’s ABHA now. The visit and its documents are kept; try “Link again” later.');
    expect(linkText(failed, 'hi', NOW)).toMatch(/^नहीं जुड़ सकी: /);
    expect(linkAbdmCode(failed)).toBe('ABDM-8123');
  });

  it('a 24-hour block names its end in the desk’s time, and says when it has passed', () => {
    const until = '2026-11-28T09:30:00+05:30';
    const blocked = link({ status: 'blocked', problem: problem('LINK_REFUSED', 'ABDM-1027', until) });
    expect(linkText(blocked, 'en', NOW)).toBe(`ABDM blocks linking this patient until ${formatDateTime(new Date(until))}`);
    const later = new Date('2026-11-28T10:00:00+05:30');
    expect(linkText(blocked, 'en', later)).toBe(`ABDM blocked linking this patient until ${formatDateTime(new Date(until))}: it can be tried again now`);
    expect(linkText(blocked, 'hi', NOW)).toMatch(DEVANAGARI);
  });
});

describe('“Link again”', () => {
  const until = '2026-11-28T09:30:00+05:30';
  it.each([
    ['a failed link', link({ status: 'failed', problem: problem('LINK_REFUSED', null) }), NOW, true],
    ['a block not yet over', link({ status: 'blocked', problem: problem('LINK_REFUSED', 'ABDM-1027', until) }), NOW, false],
    ['a block that has passed', link({ status: 'blocked', problem: problem('LINK_REFUSED', 'ABDM-1027', until) }), new Date('2026-11-28T09:30:00+05:30'), true],
    ['a block with no end given', link({ status: 'blocked', problem: problem('LINK_REFUSED', 'ABDM-1027') }), NOW, false],
    ['a linked visit', link({ status: 'linked', how: 'desk' }), NOW, false],
    ['a link on its way', link({ status: 'linking' }), NOW, false],
  ])('is offered for %s', (_name, value, now, offered) => {
    expect(mayLinkAgain(value, now)).toBe(offered);
  });
});

describe('why a visit is not linked', () => {
  it('says the desk has no HIP ID, in English and Hindi, only while the visit is not linked and none is set', () => {
    expect(linkHint(link({ status: 'not-linked' }), undefined, 'en')).toBe(
      'This desk has no HIP ID (Settings → HIP ID, the facility’s HFR ID), so ABDM cannot be asked to link the clinic’s visits.',
    );
    expect(linkHint(link({ status: 'not-linked' }), '  ', 'hi')).toMatch(DEVANAGARI);
    expect(linkHint(link({ status: 'not-linked' }), 'IN2810014366', 'en')).toBeNull();
    expect(linkHint(link({ status: 'linked', how: 'desk' }), undefined, 'en')).toBeNull();
  });
});
