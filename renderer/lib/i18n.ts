// Every string the operator reads, in English and Hindi. Hindi must have every English key,
// so a missing translation is a type error rather than a blank label at the desk.

const en = {
  'app.name': 'ABHA Desk',
  'app.version': 'Version',
  'app.loading': 'Starting ABHA Desk…',
  'app.noBridge': 'ABHA Desk could not reach its main process.',
  'app.keychainUnavailable':
    'No system keychain: secrets are kept in memory for this session only and will be asked for again next time.',
  'app.operator': 'Operator',
  'app.operatorUnset': 'not set',
  'app.shortcutHint': 'Alt+1 … Alt+6 switch screens',

  'nav.label': 'Screens',
  'nav.today': 'Today',
  'nav.enrol': 'Enrol',
  'nav.verify': 'Verify ABHA',
  'nav.patient': 'Patient',
  'nav.records': 'Records',
  'nav.settings': 'Settings',

  'screen.today.about': 'Enrolments and pending consents of the day.',
  'screen.enrol.about': 'Create an ABHA number with Aadhaar OTP, step by step.',
  'screen.verify.about': 'Find and verify an existing ABHA number or address.',
  'screen.patient.about': 'Profile, ABHA card, save and print.',
  'screen.records.about': 'Consent requests and received health records, grouped by type.',
  'screen.settings.about': 'How this desk connects to ABDM.',

  'notYet.title': 'Not yet available',
  'notYet.body': 'This screen arrives in a later version of ABHA Desk.',

  'training.banner': 'TRAINING — simulated ABDM, no real patients',

  'language.label': 'Language',
  'language.switchTo': 'हिन्दी',

  'settings.connection': 'ABDM connection',
  'settings.environment': 'Environment',
  'settings.environment.training': 'Training (simulator)',
  'settings.environment.abdm-sandbox': 'ABDM sandbox',
  'settings.environment.production': 'Production',
  'settings.environmentHint': 'Base URLs and CM ID that still hold the old preset follow the environment.',
  'settings.healthIdBaseUrl': 'Health ID base URL',
  'settings.gatewayBaseUrl': 'Gateway base URL',
  'settings.clientId': 'Client ID',
  'settings.hiuId': 'HIU ID',
  'settings.cmId': 'CM ID',
  'settings.desk': 'This desk',
  'settings.operatorName': 'Operator name',
  'settings.language': 'Language',
  'settings.printerLayout': 'Card print layout',
  'settings.printerLayout.a4': 'A4 sheet',
  'settings.printerLayout.cr80': 'CR80 card',
  'settings.bridge': 'Callback bridge',
  'settings.bridge.host': 'Listen host',
  'settings.bridge.port': 'Listen port',
  'settings.bridge.publicUrl': 'Public callback URL',
  'settings.save': 'Save settings',
  'settings.revert': 'Undo changes',
  'settings.saving': 'Saving…',
  'settings.saved': 'Settings saved.',
  'settings.unchanged': 'Nothing to save: no setting was changed.',
  'settings.failed': 'Settings not saved',
} as const;

export type StringKey = keyof typeof en;
export type Language = 'en' | 'hi';

const hi: Record<StringKey, string> = {
  'app.name': 'ABHA डेस्क',
  'app.version': 'संस्करण',
  'app.loading': 'ABHA डेस्क शुरू हो रहा है…',
  'app.noBridge': 'ABHA डेस्क अपनी मुख्य प्रक्रिया से नहीं जुड़ सका।',
  'app.keychainUnavailable':
    'सिस्टम कीचेन उपलब्ध नहीं है: गोपनीय जानकारी केवल इस सत्र के लिए मेमोरी में रखी गई है और अगली बार फिर से पूछी जाएगी।',
  'app.operator': 'ऑपरेटर',
  'app.operatorUnset': 'सेट नहीं',
  'app.shortcutHint': 'स्क्रीन बदलने के लिए Alt+1 … Alt+6',

  'nav.label': 'स्क्रीन',
  'nav.today': 'आज',
  'nav.enrol': 'नामांकन',
  'nav.verify': 'ABHA सत्यापन',
  'nav.patient': 'मरीज़',
  'nav.records': 'रिकॉर्ड',
  'nav.settings': 'सेटिंग्स',

  'screen.today.about': 'आज के नामांकन और लंबित सहमतियाँ।',
  'screen.enrol.about': 'आधार OTP से चरण-दर-चरण ABHA नंबर बनाएँ।',
  'screen.verify.about': 'मौजूदा ABHA नंबर या पता खोजें और सत्यापित करें।',
  'screen.patient.about': 'प्रोफ़ाइल, ABHA कार्ड, सहेजना और प्रिंट करना।',
  'screen.records.about': 'सहमति अनुरोध और प्राप्त स्वास्थ्य रिकॉर्ड, प्रकार के अनुसार।',
  'screen.settings.about': 'यह डेस्क ABDM से कैसे जुड़ता है।',

  'notYet.title': 'अभी उपलब्ध नहीं',
  'notYet.body': 'यह स्क्रीन ABHA डेस्क के अगले संस्करण में आएगी।',

  'training.banner': 'प्रशिक्षण — नकली ABDM, कोई असली मरीज़ नहीं',

  'language.label': 'भाषा',
  'language.switchTo': 'English',

  'settings.connection': 'ABDM कनेक्शन',
  'settings.environment': 'परिवेश',
  'settings.environment.training': 'प्रशिक्षण (सिम्युलेटर)',
  'settings.environment.abdm-sandbox': 'ABDM सैंडबॉक्स',
  'settings.environment.production': 'प्रोडक्शन',
  'settings.environmentHint': 'जो बेस URL और CM ID पुराने प्रीसेट पर हैं, वे परिवेश के साथ बदल जाते हैं।',
  'settings.healthIdBaseUrl': 'हेल्थ आईडी बेस URL',
  'settings.gatewayBaseUrl': 'गेटवे बेस URL',
  'settings.clientId': 'क्लाइंट आईडी',
  'settings.hiuId': 'HIU आईडी',
  'settings.cmId': 'CM आईडी',
  'settings.desk': 'यह डेस्क',
  'settings.operatorName': 'ऑपरेटर का नाम',
  'settings.language': 'भाषा',
  'settings.printerLayout': 'कार्ड प्रिंट लेआउट',
  'settings.printerLayout.a4': 'A4 पेज',
  'settings.printerLayout.cr80': 'CR80 कार्ड',
  'settings.bridge': 'कॉलबैक ब्रिज',
  'settings.bridge.host': 'सुनने वाला होस्ट',
  'settings.bridge.port': 'सुनने वाला पोर्ट',
  'settings.bridge.publicUrl': 'सार्वजनिक कॉलबैक URL',
  'settings.save': 'सेटिंग्स सहेजें',
  'settings.revert': 'बदलाव वापस लें',
  'settings.saving': 'सहेजा जा रहा है…',
  'settings.saved': 'सेटिंग्स सहेज ली गईं।',
  'settings.unchanged': 'सहेजने को कुछ नहीं: कोई सेटिंग नहीं बदली।',
  'settings.failed': 'सेटिंग्स नहीं सहेजी गईं',
};

export const strings: Record<Language, Record<StringKey, string>> = { en, hi };

export function translate(language: Language, key: StringKey): string {
  return strings[language][key];
}
