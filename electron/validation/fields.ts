// One zod schema per kind of input, each built on the rule in electron/shared/ that the renderer and the ABDM
// client use too. A refusal names its field-issue code (electron/shared/errors.ts) as the issue's message.
import { z } from 'zod';
import { aadhaarProblem } from '../shared/aadhaar';
import { abhaAddressProblem, parseAbhaIdentifier } from '../shared/abha';
import type { FieldIssueCode } from '../shared/errors';
import { isMobile, normaliseMobile } from '../shared/mobile';
import { isOtp } from '../shared/otp';
import { plainTextProblem } from '../shared/plain-text';

/** Browsers and servers handle URLs up to about 2,000 characters; anything longer is a paste gone wrong. */
export const MAX_URL_LENGTH = 2_048;

const issue = (code: FieldIssueCode) => ({ error: code });

/** A name or identifier: trimmed, bounded, and free of characters that would change how it is stored or shown. */
export const plainText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .superRefine((value, ctx) => {
      const problem = plainTextProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

export const httpUrl = z
  .string()
  .max(MAX_URL_LENGTH)
  .pipe(plainText(MAX_URL_LENGTH))
  .pipe(z.url({ protocol: /^https?$/, ...issue('url') }));

export const aadhaar = z.string().superRefine((value, ctx) => {
  const problem = aadhaarProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: `aadhaar.${problem}` satisfies FieldIssueCode });
});
export const otp = z.string().refine(isOtp, issue('otp')).transform((value) => value.trim());
export const mobile = z.string().refine(isMobile, issue('mobile')).transform(normaliseMobile);
export const abhaNumber = z.string().regex(/^\d{2}-\d{4}-\d{4}-\d{4}$/, issue('abha-number'));
export const abhaIdentifier = z.string().refine((value) => parseAbhaIdentifier(value) !== null, issue('abha-identifier'));
/** Optional in enrolment: empty lets ABDM make the address from the ABHA number. */
export const newAbhaAddress = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = value === '' ? null : abhaAddressProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `abha-address.${problem}` satisfies FieldIssueCode });
  });
const emailFormat = z.email();
export const email = z.string().trim().refine((value) => value === '' || emailFormat.safeParse(value).success, issue('email'));
export const flowId = z.uuid(issue('wrong-format'));
export const isoTime = z.iso.datetime();
export const consentGiven = z.literal(true, issue('consent-required'));
