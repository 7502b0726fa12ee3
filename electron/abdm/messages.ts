// Turns any failure of an ABDM call into words for the front desk: what happened and what to do next,
// in English or Hindi. The ABDM code stays available for a detail line, so support can still see it.
import { AbdmBadResponseError, AbdmError, AbdmInputError, AbdmUnreachableError, UserTokenExpiredError, type InputField } from './errors';
import { HIS_MESSAGES, type Bilingual } from './his-messages';

export type Lang = 'en' | 'hi';

export interface AbdmExplanation {
  /** Plain words and the next step. */
  message: string;
  /** The most specific ABDM code (e.g. `HIS-1013`, gateway `1414`), for a detail line. */
  abdmCode?: string;
}

const SITUATIONS = {
  badCredentials: {
    en: 'ABDM did not accept this clinic’s client ID or secret. Ask the administrator to check them in Settings.',
    hi: 'ABDM ने इस क्लिनिक का क्लाइंट ID या सीक्रेट स्वीकार नहीं किया। व्यवस्थापक से सेटिंग्स में इन्हें जाँचने को कहें।',
  },
  userTokenExpired: {
    en: 'The patient’s ABHA verification has expired (it lasts 30 minutes). Verify the patient again.',
    hi: 'मरीज़ का ABHA सत्यापन समाप्त हो गया है (यह 30 मिनट तक चलता है)। मरीज़ को फिर से सत्यापित करें।',
  },
  timeout: {
    en: 'ABDM is taking too long to answer. Check the internet connection and try again.',
    hi: 'ABDM जवाब देने में बहुत समय ले रहा है। इंटरनेट कनेक्शन जाँचकर फिर कोशिश करें।',
  },
  network: {
    en: 'Could not connect to ABDM. Check the internet connection and try again.',
    hi: 'ABDM से कनेक्ट नहीं हो सका। इंटरनेट कनेक्शन जाँचकर फिर कोशिश करें।',
  },
  badResponse: {
    en: 'ABDM sent an answer this app could not read. Try again; if it repeats, tell your support contact.',
    hi: 'ABDM का जवाब यह ऐप पढ़ नहीं सका। फिर कोशिश करें; बार-बार हो तो अपने सहायता संपर्क को बताएँ।',
  },
  tooManyRequests: {
    en: 'ABDM received too many requests. Wait a minute and try again; if it repeats, check this computer’s date and time.',
    hi: 'ABDM को बहुत अधिक अनुरोध मिले। एक मिनट रुककर फिर कोशिश करें; बार-बार हो तो इस कंप्यूटर की तारीख और समय जाँचें।',
  },
  unknown: {
    en: 'Something went wrong. Try again; if it repeats, tell your support contact.',
    hi: 'कुछ गड़बड़ हो गई। फिर कोशिश करें; बार-बार हो तो अपने सहायता संपर्क को बताएँ।',
  },
} satisfies Record<string, Bilingual>;

const INPUT_MESSAGES: Record<InputField, Bilingual> = {
  aadhaar: {
    en: 'The Aadhaar number is not valid. Check the 12 digits on the Aadhaar card (or the 16-digit Virtual ID) and type them again.',
    hi: 'आधार नंबर सही नहीं है। आधार कार्ड के 12 अंक (या 16 अंकों की वर्चुअल ID) देखकर दोबारा लिखें।',
  },
  otp: {
    en: 'The OTP must be 6 digits. Type the OTP the patient received.',
    hi: 'OTP 6 अंकों का होना चाहिए। मरीज़ को मिला OTP लिखें।',
  },
  mobile: {
    en: 'The mobile number must be 10 digits. Ask the patient and type it again.',
    hi: 'मोबाइल नंबर 10 अंकों का होना चाहिए। मरीज़ से पूछकर दोबारा लिखें।',
  },
  healthid: {
    en: 'Type the patient’s 14-digit ABHA number or their ABHA address.',
    hi: 'मरीज़ का 14 अंकों का ABHA नंबर या उनका ABHA पता लिखें।',
  },
  healthId: {
    en: 'This ABHA address is not allowed. Use at least 4 letters, digits or dots, start with a letter, and do not end with a dot.',
    hi: 'यह ABHA पता मान्य नहीं है। कम से कम 4 अक्षर, अंक या बिंदु लें, अक्षर से शुरू करें और बिंदु पर खत्म न करें।',
  },
  txnId: {
    en: 'This step cannot continue on its own. Start again from sending the OTP.',
    hi: 'यह चरण अपने आप आगे नहीं बढ़ सकता। OTP भेजने वाले चरण से फिर शुरू करें।',
  },
  authMethod: {
    en: 'This way of verifying is not available. Choose Aadhaar OTP.',
    hi: 'सत्यापन का यह तरीका उपलब्ध नहीं है। आधार OTP चुनें।',
  },
  userToken: SITUATIONS.userTokenExpired,
};

/** By HTTP status, for codes this app has no words for (gateway codes, new HIS codes). */
function byStatus(status: number): Bilingual {
  if (status === 429) return SITUATIONS.tooManyRequests;
  if (status === 401) return HIS_MESSAGES['HIS-401']!;
  if (status === 403) return HIS_MESSAGES['HIS-403']!;
  if (status === 404) return HIS_MESSAGES['HIS-404']!;
  if (status === 503) return HIS_MESSAGES['HIS-503']!;
  if (status >= 500) return HIS_MESSAGES['HIS-500']!;
  if (status === 422) return HIS_MESSAGES['HIS-422']!;
  return HIS_MESSAGES['HIS-400']!;
}

function forAbdmError(error: AbdmError): Bilingual {
  if (error.operation === 'sessions' && (error.status === 400 || error.status === 401)) return SITUATIONS.badCredentials;
  return (error.detailCode && HIS_MESSAGES[error.detailCode]) || HIS_MESSAGES[error.code] || byStatus(error.status);
}

export function explainAbdmError(error: unknown, lang: Lang): AbdmExplanation {
  if (error instanceof UserTokenExpiredError) {
    return { message: SITUATIONS.userTokenExpired[lang], abdmCode: error.specificCode };
  }
  if (error instanceof AbdmError) return { message: forAbdmError(error)[lang], abdmCode: error.specificCode };
  if (error instanceof AbdmUnreachableError) return { message: SITUATIONS[error.kind][lang] };
  if (error instanceof AbdmBadResponseError) return { message: SITUATIONS.badResponse[lang] };
  if (error instanceof AbdmInputError) return { message: INPUT_MESSAGES[error.field][lang] };
  return { message: SITUATIONS.unknown[lang] };
}
