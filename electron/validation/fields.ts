// One zod schema per kind of input, each built on the rule in electron/shared/ that the renderer and the ABDM
// client use too. A refusal names its field-issue code (electron/shared/errors.ts) as the issue's message.
import { z } from 'zod';
import { aadhaarIssue } from '../shared/aadhaar';
import { abhaAddressIssue, parseAbhaIdentifier, parseVerifyIdentifier } from '../shared/abha';
import { isEmail } from '../shared/email';
import type { FieldIssueCode } from '../shared/errors';
import { isMobile, normaliseMobile } from '../shared/mobile';
import { isOtp } from '../shared/otp';
import { plainTextProblem } from '../shared/plain-text';
import { serviceUrlProblem } from '../shared/service-url';

/** Browsers and servers handle URLs up to about 2,000 characters; anything longer is a paste gone wrong. */
export const MAX_URL_LENGTH = 2_048;

const issue = (code: FieldIssueCode) => ({ error: code });

/** A refinement from a shared rule that names the field issue it finds, or null. */
const refusedBy = (issueOf: (value: string) => FieldIssueCode | null) => (value: string, ctx: z.RefinementCtx) => {
  const found = issueOf(value);
  if (found) ctx.addIssue({ code: 'custom', message: found });
};

/** A name or identifier: trimmed, bounded, and free of characters that would change how it is stored or shown. */
export const plainText = (max: number) => z.string().trim().max(max).superRefine(refusedBy(plainTextProblem));

export const httpUrl = z
  .string()
  .max(MAX_URL_LENGTH)
  .pipe(plainText(MAX_URL_LENGTH))
  .pipe(z.url({ protocol: /^https?$/, ...issue('url') }));

/**
 * An address the desk sends credentials or patients' data to: https://, or http:// to this computer only (the rule in
 * electron/shared/service-url.ts); anything else is the `url` issue, whose words say just that.
 */
export const secureUrl = httpUrl.pipe(z.string().superRefine(refusedBy((value) => (serviceUrlProblem(value) ? 'url' : null))));

export const aadhaar = z.string().superRefine(refusedBy(aadhaarIssue));
export const otp = z.string().refine(isOtp, issue('otp')).transform((value) => value.trim());
export const mobile = z.string().refine(isMobile, issue('mobile')).transform(normaliseMobile);
export const abhaNumber = z.string().regex(/^\d{2}-\d{4}-\d{4}-\d{4}$/, issue('abha-number'));
export const abhaIdentifier = z.string().refine((value) => parseAbhaIdentifier(value) !== null, issue('abha-identifier'));
/** What Verify takes: an ABHA number or address, or a mobile. */
export const verifyIdentifier = z.string().refine((value) => parseVerifyIdentifier(value) !== null, issue('abha-identifier'));
/** Optional in enrolment: empty lets ABDM make the address from the ABHA number. */
export const newAbhaAddress = z
  .string()
  .trim()
  .superRefine(refusedBy((value) => (value === '' ? null : abhaAddressIssue(value))));
/** Optional too: empty means none. */
export const email = z.string().trim().refine((value) => value === '' || isEmail(value), issue('email'));
export const flowId = z.uuid(issue('wrong-format'));
export const isoTime = z.iso.datetime();
export const consentGiven = z.literal(true, issue('consent-required'));
