// Operator-facing messages from the services, in English and Hindi. ABDM's own error codes are explained
// in electron/abdm/messages.ts; these are the app's own situations.
export type Language = 'en' | 'hi';

const MESSAGES = {
  verifyAgain: {
    en: "This patient's ABHA session has ended (it lasts 30 minutes). Verify the patient again with an OTP to continue.",
    hi: 'इस मरीज़ का ABHA सत्र समाप्त हो गया है (यह 30 मिनट चलता है)। आगे बढ़ने के लिए मरीज़ को OTP से फिर से सत्यापित करें।',
  },
  flowExpired: {
    en: 'This step has timed out or was already finished. Start again from the beginning.',
    hi: 'यह चरण समय-सीमा पार कर गया है या पहले ही पूरा हो चुका है। शुरुआत से फिर से शुरू करें।',
  },
  wrongStep: {
    en: 'That step is not next. Finish the current step first.',
    hi: 'यह अगला चरण नहीं है। पहले वर्तमान चरण पूरा करें।',
  },
  resendTooSoon: {
    en: 'Please wait before asking for another OTP.',
    hi: 'दूसरा OTP माँगने से पहले कृपया प्रतीक्षा करें।',
  },
  noResendsLeft: {
    en: 'No more OTP resends are allowed for this attempt. Start again after some time.',
    hi: 'इस प्रयास में और OTP दोबारा नहीं भेजे जा सकते। कुछ समय बाद फिर से शुरू करें।',
  },
  secretNotStored: {
    en: 'The system keychain did not keep the client secret exactly as typed, so it was not saved. Enter it again; if this repeats, check the keychain.',
    hi: 'सिस्टम कीचेन ने क्लाइंट सीक्रेट को ठीक वैसा नहीं रखा जैसा लिखा गया था, इसलिए वह सहेजा नहीं गया। इसे फिर से दर्ज करें; यदि ऐसा दोबारा हो, तो कीचेन जाँचें।',
  },
  saveCancelled: {
    en: 'Saving was cancelled.',
    hi: 'सहेजना रद्द किया गया।',
  },
  clientIdMissing: {
    en: 'The ABDM client ID is not set. Enter the client ID ABDM gave this clinic in Settings before using the ABDM sandbox or production.',
    hi: 'ABDM क्लाइंट आईडी सेट नहीं है। ABDM सैंडबॉक्स या प्रोडक्शन उपयोग करने से पहले ABDM द्वारा दी गई क्लाइंट आईडी सेटिंग्स में दर्ज करें।',
  },
  clientSecretMissing: {
    en: 'The ABDM client secret is not set. Enter it in Settings before using the ABDM sandbox or production.',
    hi: 'ABDM क्लाइंट सीक्रेट सेट नहीं है। ABDM सैंडबॉक्स या प्रोडक्शन उपयोग करने से पहले इसे सेटिंग्स में दर्ज करें।',
  },
  gatewayUrlInsecure: {
    en: "The Gateway base URL in Settings starts with http://, so the clinic's ABDM secret and patients' details would travel unencrypted. Change it to the https:// address in Settings.",
    hi: 'सेटिंग्स में गेटवे बेस URL http:// से शुरू होता है, इसलिए क्लिनिक का ABDM सीक्रेट और मरीज़ों की जानकारी बिना एन्क्रिप्शन के भेजी जाएगी। सेटिंग्स में इसे https:// वाले पते में बदलें।',
  },
  healthIdUrlInsecure: {
    en: "The Health ID base URL in Settings starts with http://, so the clinic's ABDM secret and patients' details would travel unencrypted. Change it to the https:// address in Settings.",
    hi: 'सेटिंग्स में हेल्थ आईडी बेस URL http:// से शुरू होता है, इसलिए क्लिनिक का ABDM सीक्रेट और मरीज़ों की जानकारी बिना एन्क्रिप्शन के भेजी जाएगी। सेटिंग्स में इसे https:// वाले पते में बदलें।',
  },
} satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function say(key: MessageKey, lang: Language): string {
  return MESSAGES[key][lang];
}
