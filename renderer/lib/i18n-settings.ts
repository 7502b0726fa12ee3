// The Settings screen's own strings, in English and Hindi: the words for a refused setting, the admin PIN that guards
// the connection settings, the switch to Production and the question asked before unsaved edits are left. They join
// the shared table in i18n.ts (Settings loads with the app), which types them with the rest; Hindi must have every
// English key, as there.

const en = {
  'settings.idleCloseMinutes': 'Idle time before the patient is closed (minutes)',
  'settings.idleCloseMinutesHint':
    'For a shared desk: after this many minutes with no key press or click, the open patient is closed and any Aadhaar number typed into a form is cleared. 0 = never; at most 120.',

  // A refused setting, named as the form labels it ({field}), with what it takes.
  'settings.issue.whole-number': '{field} must be a whole number from {min} to {max}.',
  'settings.issue.url': '{field} must be a full address starting with https:// (or http:// for this computer).',
  'settings.issue.required': '{field} cannot be empty.',
  'settings.issue.too-long': '{field} can be at most {max} characters long.',
  'settings.issue.control-character': '{field}: remove line breaks, tabs and other invisible characters.',
  'settings.issue.broken-character': '{field} has a broken character in it (half of an emoji or symbol): type it again.',
  'settings.issue.cm-id': '{field} may have only letters, digits and “-” (sbx in the ABDM sandbox, abdm in production).',
  'settings.issue.choice': '{field}: choose one of the choices in the list.',
  'settings.issue.checkbox': '{field}: tick the box or leave it empty.',
  'settings.issue.unknown-field': 'ABHA Desk has no setting called “{path}”; nothing was saved.',
  'settings.issue.other': '{field} was not accepted as typed: check it and save again.',
  'settings.notAccepted': 'Some details were not accepted: {fields}',

  // The connection settings and their admin PIN.
  'settings.lock.none':
    'No admin PIN is set on this desk yet. The first change to the connection settings (environment, ABDM addresses, client ID and secret, HIU ID, callbacks) asks for one.',
  'settings.lock.locked':
    'The connection settings (environment, ABDM addresses, client ID and secret, HIU ID, callbacks) are locked with the admin PIN.',
  'settings.lock.unlocked': 'The connection settings are unlocked until {time}, and lock again when you leave Settings.',
  'settings.lock.waiting': 'Too many wrong admin PINs: the PIN can be tried again at {time}.',
  'settings.lock.unlock': 'Unlock with admin PIN',
  'settings.lock.lockNow': 'Lock now',
  'settings.lock.changePin': 'Change admin PIN',
  'pin.set.title': 'Set an admin PIN',
  'pin.set.about':
    'The connection settings decide which ABDM this desk works with and in whose name. From now on they change only with the admin PIN. Choose 6 to 12 digits, and give it only to the person who looks after this desk.',
  'pin.change.title': 'Change the admin PIN',
  'pin.new': 'New admin PIN (6 to 12 digits)',
  'pin.repeat': 'The same PIN again',
  'pin.mismatch': 'The two PINs are not the same: type them again.',
  'pin.set.submit': 'Set PIN and continue',
  'pin.change.submit': 'Change PIN',
  'pin.unlock.title': 'Unlock the connection settings',
  'pin.unlock.about': 'Type the admin PIN. The connection settings stay unlocked for {minutes} minutes, or until you leave Settings.',
  'pin.label': 'Admin PIN',
  'pin.unlock.submit': 'Unlock',
  'pin.triesLeft': '{count} tries left before a {minutes}-minute wait.',
  'pin.forgotten': 'PIN forgotten? The operator guide says how the person who looks after this computer resets it.',
  'pin.cancel': 'Cancel',
  'error.ADMIN_PIN_REQUIRED': 'The connection settings are locked with the admin PIN: unlock them first.',
  'error.ADMIN_PIN_REQUIRED.not-set': 'Set an admin PIN first: it protects the connection settings of this desk.',
  'error.ADMIN_PIN_REQUIRED.unreadable':
    'The admin PIN file on this computer is damaged, so no PIN can be checked. Ask the person who looks after this desk to reset the admin PIN (operator guide, “A forgotten admin PIN”).',
  'error.ADMIN_PIN_WRONG': 'That is not the admin PIN. {triesLeft} tries left; then the PIN cannot be tried for {minutes} minutes.',
  'error.ADMIN_PIN_WRONG.last-try': 'That is not the admin PIN. One try left; after another wrong PIN it cannot be tried for {minutes} minutes.',
  'error.ADMIN_PIN_LOCKED_OUT': 'Too many wrong admin PINs. The PIN can be tried again at {retryAt}.',
  'field.admin-pin': 'An admin PIN has 6 to 12 digits, and nothing else.',
  'field.whole-number': 'Type a whole number from {min} to {max}.',

  // Switching to Production.
  'production.title': 'Switch this desk to Production?',
  'production.intro': 'From the moment you save, this desk works with the real ABDM:',
  'production.realPatients': 'enrolments, verifications and consent requests reach real patients’ ABHA accounts, and OTPs go to their real mobiles;',
  'production.banner': 'the TRAINING banner goes away, and the training identities no longer work;',
  'production.credentials': 'the clinic’s production client ID, client secret and HIU ID are used.',
  'production.confirm': 'Switch to Production',
  'production.cancel': 'Cancel',
  'production.cancelled': 'Nothing was saved: the desk stays on {environment}.',

  // Leaving Settings with unsaved edits.
  'leave.title': 'Save your changes to Settings?',
  'leave.body': 'Some settings were changed and not saved yet.',
  'leave.save': 'Save',
  'leave.discard': 'Discard changes',
  'leave.stay': 'Stay',
} as const;

export type SettingsStringKey = keyof typeof en;

const hi: Record<SettingsStringKey, string> = {
  'settings.idleCloseMinutes': 'मरीज़ बंद होने से पहले खाली समय (मिनट)',
  'settings.idleCloseMinutesHint':
    'साझा डेस्क के लिए: इतने मिनट तक कोई कुंजी न दबे और क्लिक न हो, तो खुला मरीज़ बंद हो जाता है और किसी फ़ॉर्म में लिखा आधार नंबर मिटा दिया जाता है। 0 = कभी नहीं; अधिकतम 120।',

  'settings.issue.whole-number': '{field} {min} से {max} तक की कोई पूर्ण संख्या होनी चाहिए।',
  'settings.issue.url': '{field} https:// से शुरू होने वाला पूरा पता होना चाहिए (इस कंप्यूटर के लिए http://)।',
  'settings.issue.required': '{field} खाली नहीं हो सकता।',
  'settings.issue.too-long': '{field} में अधिकतम {max} अक्षर हो सकते हैं।',
  'settings.issue.control-character': '{field}: लाइन ब्रेक, टैब और दूसरे अदृश्य अक्षर हटाएँ।',
  'settings.issue.broken-character': '{field} में एक टूटा हुआ अक्षर है (किसी इमोजी या चिह्न का आधा भाग): इसे फिर से लिखें।',
  'settings.issue.cm-id': '{field} में केवल अक्षर, अंक और “-” हो सकते हैं (ABDM सैंडबॉक्स में sbx, प्रोडक्शन में abdm)।',
  'settings.issue.choice': '{field}: सूची में से कोई एक विकल्प चुनें।',
  'settings.issue.checkbox': '{field}: बॉक्स पर सही का निशान लगाएँ या उसे खाली छोड़ें।',
  'settings.issue.unknown-field': 'ABHA डेस्क में “{path}” नाम की कोई सेटिंग नहीं है; कुछ भी सहेजा नहीं गया।',
  'settings.issue.other': '{field} जैसा लिखा गया वैसा स्वीकार नहीं हुआ: इसे जाँचें और फिर से सहेजें।',
  'settings.notAccepted': 'कुछ जानकारी स्वीकार नहीं हुई: {fields}',

  'settings.lock.none':
    'इस डेस्क पर अभी कोई एडमिन PIN सेट नहीं है। कनेक्शन सेटिंग्स (परिवेश, ABDM पते, क्लाइंट आईडी और सीक्रेट, HIU आईडी, कॉलबैक) में पहला बदलाव करते समय PIN माँगा जाएगा।',
  'settings.lock.locked': 'कनेक्शन सेटिंग्स (परिवेश, ABDM पते, क्लाइंट आईडी और सीक्रेट, HIU आईडी, कॉलबैक) एडमिन PIN से लॉक हैं।',
  'settings.lock.unlocked': 'कनेक्शन सेटिंग्स {time} तक खुली हैं, और सेटिंग्स से बाहर जाते ही फिर लॉक हो जाती हैं।',
  'settings.lock.waiting': 'बहुत बार गलत एडमिन PIN डाला गया: PIN {time} पर फिर से आज़माया जा सकता है।',
  'settings.lock.unlock': 'एडमिन PIN से खोलें',
  'settings.lock.lockNow': 'अभी लॉक करें',
  'settings.lock.changePin': 'एडमिन PIN बदलें',
  'pin.set.title': 'एडमिन PIN सेट करें',
  'pin.set.about':
    'कनेक्शन सेटिंग्स तय करती हैं कि यह डेस्क किस ABDM के साथ और किसके नाम से काम करता है। अब से ये केवल एडमिन PIN से बदलेंगी। 6 से 12 अंक चुनें, और यह PIN केवल उसी व्यक्ति को दें जो इस डेस्क की देखभाल करता है।',
  'pin.change.title': 'एडमिन PIN बदलें',
  'pin.new': 'नया एडमिन PIN (6 से 12 अंक)',
  'pin.repeat': 'वही PIN फिर से',
  'pin.mismatch': 'दोनों PIN एक जैसे नहीं हैं: इन्हें फिर से लिखें।',
  'pin.set.submit': 'PIN सेट करें और आगे बढ़ें',
  'pin.change.submit': 'PIN बदलें',
  'pin.unlock.title': 'कनेक्शन सेटिंग्स खोलें',
  'pin.unlock.about': 'एडमिन PIN लिखें। कनेक्शन सेटिंग्स {minutes} मिनट तक, या सेटिंग्स से बाहर जाने तक, खुली रहती हैं।',
  'pin.label': 'एडमिन PIN',
  'pin.unlock.submit': 'खोलें',
  'pin.triesLeft': '{minutes} मिनट के इंतज़ार से पहले {count} कोशिशें बाकी हैं।',
  'pin.forgotten': 'PIN भूल गए? ऑपरेटर गाइड बताती है कि इस कंप्यूटर की देखभाल करने वाला व्यक्ति इसे कैसे रीसेट करे।',
  'pin.cancel': 'रद्द करें',
  'error.ADMIN_PIN_REQUIRED': 'कनेक्शन सेटिंग्स एडमिन PIN से लॉक हैं: पहले इन्हें खोलें।',
  'error.ADMIN_PIN_REQUIRED.not-set': 'पहले एडमिन PIN सेट करें: यह इस डेस्क की कनेक्शन सेटिंग्स की रक्षा करता है।',
  'error.ADMIN_PIN_REQUIRED.unreadable':
    'इस कंप्यूटर पर एडमिन PIN की फ़ाइल खराब हो गई है, इसलिए कोई PIN जाँचा नहीं जा सकता। इस डेस्क की देखभाल करने वाले व्यक्ति से एडमिन PIN रीसेट करने को कहें (ऑपरेटर गाइड, “भूला हुआ एडमिन PIN”)।',
  'error.ADMIN_PIN_WRONG': 'यह एडमिन PIN नहीं है। {triesLeft} कोशिशें बाकी हैं; उसके बाद {minutes} मिनट तक PIN नहीं आज़माया जा सकता।',
  'error.ADMIN_PIN_WRONG.last-try': 'यह एडमिन PIN नहीं है। एक कोशिश बाकी है; एक और गलत PIN के बाद {minutes} मिनट तक PIN नहीं आज़माया जा सकता।',
  'error.ADMIN_PIN_LOCKED_OUT': 'बहुत बार गलत एडमिन PIN डाला गया। PIN {retryAt} पर फिर से आज़माया जा सकता है।',
  'field.admin-pin': 'एडमिन PIN में 6 से 12 अंक होते हैं, और कुछ नहीं।',
  'field.whole-number': '{min} से {max} तक की कोई पूर्ण संख्या लिखें।',

  'production.title': 'इस डेस्क को प्रोडक्शन पर ले जाएँ?',
  'production.intro': 'सहेजते ही यह डेस्क असली ABDM के साथ काम करेगा:',
  'production.realPatients': 'नामांकन, सत्यापन और सहमति अनुरोध असली मरीज़ों के ABHA खातों तक पहुँचेंगे, और OTP उनके असली मोबाइल पर जाएँगे;',
  'production.banner': 'प्रशिक्षण वाला बैनर हट जाएगा, और प्रशिक्षण की पहचानें काम नहीं करेंगी;',
  'production.credentials': 'क्लिनिक की प्रोडक्शन क्लाइंट आईडी, क्लाइंट सीक्रेट और HIU आईडी इस्तेमाल होंगी।',
  'production.confirm': 'प्रोडक्शन पर ले जाएँ',
  'production.cancel': 'रद्द करें',
  'production.cancelled': 'कुछ भी सहेजा नहीं गया: डेस्क {environment} पर ही है।',

  'leave.title': 'सेटिंग्स में किए बदलाव सहेजें?',
  'leave.body': 'कुछ सेटिंग्स बदली गई हैं और अभी सहेजी नहीं गई हैं।',
  'leave.save': 'सहेजें',
  'leave.discard': 'बदलाव छोड़ दें',
  'leave.stay': 'यहीं रहें',
};

export const settingsStrings = { en, hi };
