// The consent the operator reads to the patient before an Aadhaar OTP is sent at Enrol (ABDM's CRT_ABHA_102): the six
// clauses of ABDM's assisted-enrolment consent, in English and Hindi, in ABHA Desk's own words. ABDM publishes an
// exact text of its own; a clinic that must read that text replaces THIS FILE (keep the shape: a new `version`, six
// clauses per language, `{operator}` where the operator's name goes) and rebuilds — docs/operator-guide.md, "The
// consent read at Enrol". The audit log keeps the version and the language read (enrolment.consent), so every
// version's wording must stay as shipped (test/unit/shared/aadhaar-consent.test.ts pins each by its hash).
//
// What each clause covers (learnt from ABDM's published clauses, worded here afresh):
// 1. sharing the Aadhaar number (or Virtual ID) and demographic details by choice, to create the ABHA number and
//    address; NHA authenticates them with UIDAI under the Aadhaar Act, 2016; UIDAI returns e-KYC details or a "yes";
// 2. the ABHA number and address used to link past government health records and those of this visit;
// 3. health records shared with the healthcare providers treating the patient during this visit;
// 4. government health records made anonymous and used for public health;
// 5. the operator's attestation, by name, that they explained all of it to the patient;
// 6. the patient's own statement that it was explained to them and that they agree.
// Pure: main (the version it accepts) and the page (what it shows) share it.

export type ConsentLanguage = 'en' | 'hi';

export interface AssistedConsent {
  /** Names this wording in the audit log; change it whenever any clause changes. */
  version: string;
  /** Six clauses a language, in ABDM's order; `{operator}` is replaced by Settings' operator name. */
  clauses: Record<ConsentLanguage, readonly [string, string, string, string, string, string]>;
}

export const ASSISTED_ENROLMENT_CONSENT: AssistedConsent = {
  version: '2',
  clauses: {
    en: [
      'Of my own choice I give my Aadhaar number (or Virtual ID) and my details — name, gender, date of birth, address — so that an ABHA number and an ABHA address are made for me. I allow the National Health Authority (NHA) to check my Aadhaar with UIDAI for this, as the Aadhaar Act, 2016 provides. I know that when the check succeeds UIDAI sends NHA my e-KYC details or simply a “yes”.',
      'I agree that my ABHA number and ABHA address are used to link my earlier government health records, and the records made at this visit, to my ABHA.',
      'I allow my health records to be shared with the doctors, hospitals and labs that treat me during this visit, for my care.',
      'I agree that my government health records, once nothing in them can identify me, may be used for public health.',
      'I, {operator}, the operator at this desk, confirm that I have read out and explained each of the points above to the patient.',
      'I, the patient, have had the points above read out and explained to me, and I give my consent to each of them.',
    ],
    hi: [
      'मैं अपनी इच्छा से अपना आधार नंबर (या वर्चुअल ID) और अपना विवरण — नाम, लिंग, जन्म तिथि, पता — दे रहा/रही हूँ, ताकि मेरा ABHA नंबर और ABHA पता बनाया जा सके। इसके लिए मैं राष्ट्रीय स्वास्थ्य प्राधिकरण (NHA) को आधार अधिनियम, 2016 के अनुसार UIDAI से मेरे आधार की जाँच करने की अनुमति देता/देती हूँ। मैं जानता/जानती हूँ कि जाँच सफल होने पर UIDAI मेरा e-KYC विवरण या केवल “हाँ” NHA को भेजता है।',
      'मैं सहमत हूँ कि मेरा ABHA नंबर और ABHA पता मेरे पुराने सरकारी स्वास्थ्य रिकॉर्ड, और इस विज़िट में बने रिकॉर्ड, मेरे ABHA से जोड़ने के लिए इस्तेमाल हों।',
      'मैं अनुमति देता/देती हूँ कि इस विज़िट में मेरा इलाज करने वाले डॉक्टरों, अस्पतालों और लैब के साथ मेरे इलाज के लिए मेरे स्वास्थ्य रिकॉर्ड साझा किए जाएँ।',
      'मैं सहमत हूँ कि मेरे सरकारी स्वास्थ्य रिकॉर्ड, मेरी पहचान हटाने के बाद, जन स्वास्थ्य के लिए इस्तेमाल किए जा सकते हैं।',
      'मैं, {operator}, इस डेस्क का ऑपरेटर, पुष्टि करता/करती हूँ कि मैंने ऊपर की हर बात मरीज़ को पढ़कर सुनाई और समझाई है।',
      'मैं, मरीज़, पुष्टि करता/करती हूँ कि ऊपर की बातें मुझे पढ़कर सुनाई और समझाई गई हैं, और मैं उनमें से हर एक के लिए अपनी सहमति देता/देती हूँ।',
    ],
  },
};

/** The clauses as read aloud: the operator's name in clause 5, or `missing` (the page's words for "not set"). */
export function consentClauses(language: ConsentLanguage, operatorName: string, missing: string): string[] {
  const name = operatorName.trim() || missing;
  return ASSISTED_ENROLMENT_CONSENT.clauses[language].map((clause) => clause.replaceAll('{operator}', name));
}
