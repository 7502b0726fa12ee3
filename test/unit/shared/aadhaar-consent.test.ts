// The audit log says which consent wording a patient agreed to by its version number, so the wording of a version
// must never change. Changing the text means a new version here and in electron/shared/aadhaar-consent.ts.
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { AADHAAR_CONSENT_TEXT_VERSION } from '../../../electron/shared/aadhaar-consent';
import { strings } from '../../../renderer/lib/i18n';

// SHA-256 of the English text, a newline, and the Hindi text, for each version ever shipped.
const WORDING_OF_VERSION: Record<string, string> = {
  '1': '1a59e4896a8deca588bde3be201e03249a942e13892be77a1259c17cee034683',
};

it('keeps the consent wording of the current version exactly as it was shipped', () => {
  const wording = `${strings.en['enrol.consent.text']}\n${strings.hi['enrol.consent.text']}`;
  const digest = createHash('sha256').update(wording).digest('hex');
  expect(digest, 'the consent text changed: give it a new AADHAAR_CONSENT_TEXT_VERSION and record its hash here').toBe(
    WORDING_OF_VERSION[AADHAAR_CONSENT_TEXT_VERSION],
  );
});
