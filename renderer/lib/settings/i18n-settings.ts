// The Settings screen's own strings, in English and Hindi: the words for a refused setting, the admin PIN that guards
// the connection settings, the switch to Production and the question asked before unsaved edits are left. They join
// the shared table in i18n.ts (Settings loads with the app), which types them with the rest; Hindi must have every
// English key, as there.

const en = {
  'settings.hipId': 'HIP ID (the facility’s HFR ID)',
  'settings.hipIdHint':
    'The facility’s ID in the Health Facility Registry, which ABDM uses when this clinic shares records as an HIP. Leave it empty while the clinic does not act as an HIP.',
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
    'No admin PIN is set on this desk yet. The first change to the connection settings (environment, ABDM addresses, client ID and secret, HIU and HIP IDs, callbacks) asks for one.',
  'settings.lock.locked':
    'The connection settings (environment, ABDM addresses, client ID and secret, HIU and HIP IDs, callbacks) are locked with the admin PIN.',
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

  // Switching the ABDM API.
  'abdmApiSwitch.title': 'Switch the ABDM API to {api}?',
  'abdmApiSwitch.intro': 'From the moment you save:',
  'abdmApiSwitch.flows': 'any enrolment or verification in progress stops, and patients are verified again;',
  'abdmApiSwitch.requests': 'new enrolments, verifications and consent requests go to ABDM on the new API, with its own addresses above;',
  'abdmApiSwitch.callbacks': 'ABDM calls back on the new API: where callbacks arrive through the clinic’s relay, its HIU must be set up for the new API too.',
  'abdmApiSwitch.confirm': 'Switch to {api}',
  'abdmApiSwitch.cancel': 'Cancel',
  'abdmApiSwitch.cancelled': 'Nothing was saved: the desk stays on ABDM API {api}.',

  // Where the relay credential is kept, as Settings → Data protection says.
  'relayCredential.hintSecretsFile': 'Paste the credential the relay issued for this desk (desk-….…). It is saved on this computer, protected as Settings → Data protection describes, and never shown again.',
  'relayCredential.hintMemory': 'Paste the credential the relay issued for this desk (desk-….…). This computer has no system keychain, so it is kept only until ABHA Desk closes, and never shown again.',

  // The relay is connected but set up differently from this desk.
  'bridge.warning.hiuMismatch': 'The relay serves HIU {relay}, but this desk’s HIU ID is {desk}. Set the HIU ID above to {relay}, or ask the IT person for a credential of this desk’s HIU.',
  'bridge.warning.noHiuId': '(none set)',
  'bridge.warning.apiMismatch': 'The relay’s HIU is set up for ABDM API {relay}, but this desk uses {desk}: ABDM’s answers would not reach this desk. Ask the IT person to set “api” of this HIU in the relay’s configuration to {desk}, or switch this desk’s ABDM API.',
  'bridge.warning.relayNotTraining': 'This desk is in training, but the relay’s HIU is set up for the real ABDM, so it refuses the training simulator’s answers. Ask the IT person to set up a training HIU on the relay (“training”: true; see the relay guide, “Training mode”).',
  'bridge.warning.relayTraining': 'The relay’s HIU is set up for training, so it refuses the real ABDM’s answers. Ask the IT person for a relay HIU set up for the real ABDM.',
  'bridge.warning.trainingKeysRefused': 'The relay did not take the training simulator’s keys, so it refuses the simulator’s answers. Save the relay credential again to reconnect; if this repeats, tell the IT person.',

  // Testing the callback path through the relay.
  'pathCheck.button': 'Test the callback path',
  'pathCheck.about': 'Sends a signed check to the relay’s public address and waits for the relay to hand it to this desk: the way ABDM’s answers come.',
  'pathCheck.running': 'Testing the callback path…',
  'pathCheck.ok': 'The callback path works: a check sent to {url} came through the relay to this desk in {ms} ms.',
  'pathCheck.failed.not-relay-mode': 'Callbacks do not come through a relay on this desk: there is no relay path to test. Choose the clinic’s relay above and save first.',
  'pathCheck.failed.no-credential': 'No relay credential is saved for this desk, so the check cannot be signed. Paste it under “Relay credential for this desk”.',
  'pathCheck.failed.desk-not-connected': 'This desk is not connected to the relay, so nothing can come through it. See the callback status above.',
  'pathCheck.failed.relay-unreachable': 'The relay’s public address {url} could not be reached from this desk: check the reverse proxy, its certificate and the relay (is it running?).',
  'pathCheck.failed.token-refused': 'The relay refused the check’s signature: this desk’s credential may be revoked or belong to another HIU. Ask the IT person for this desk’s credential.',
  'pathCheck.failed.timeout': 'The check reached the relay, but this desk did not get it in time. Try again; if this repeats, tell the IT person.',
  'pathCheck.failed.relay-error': 'The relay answered the check with an error ({detail}). It may need updating to the same version as ABHA Desk.',

  // Leaving Settings with unsaved edits.
  'leave.title': 'Save your changes to Settings?',
  'leave.body': 'Some settings were changed and not saved yet.',
  'leave.save': 'Save',
  'leave.discard': 'Discard changes',
  'leave.stay': 'Stay',

  // The registration counter (issue 25): the facility, its counters, this desk's counter, the tone, patient numbers.
  'settings.hipName': 'Facility name',
  'settings.hipNameHint': 'As the clinic is known to patients: printed at the top of each counter’s QR poster.',
  'settings.counters': 'Counters',
  'settings.countersAbout': 'Each place where patients scan a QR to share their profile: a short ID (it travels in the QR and comes back with each share) and a name, such as 1 “OPD Registration”, 2 “Lab”.',
  'settings.counters.id': 'Counter ID',
  'settings.counters.name': 'Counter name',
  'settings.counters.add': 'Add a counter',
  'settings.counters.remove': 'Remove counter {id}',
  'settings.counters.none': 'No counters yet.',
  'settings.counter': 'Registration counter',
  'settings.deskCounter': 'This desk serves',
  'settings.deskCounterHint': 'Shares at this counter reach this desk first, and the Counter screen opens on it. The list is the clinic’s counters under Connection.',
  'settings.deskCounter.none': 'No counter',
  'settings.counterSound': 'A short tone when a patient shares at this desk’s counter',
  'settings.counterSoundHint': 'Quiet, for a waiting room; the board shows each share either way.',
  'settings.patientNumberPrefix': 'Patient number prefix',
  'settings.patientNumberPrefixHint': 'The clinic’s own patient numbers start with this: OPD- gives OPD-000123. Up to 12 letters, digits, “-” or “/”.',
  'settings.issue.counter-id': '{field}: 1 to 20 letters, digits, spaces, dots, “-” or “_”, starting with a letter or digit (it travels in the counter’s QR).',
  'settings.issue.patient-number-prefix': '{field} may have up to 12 letters, digits, “-” or “/”.',
} as const;

export type SettingsStringKey = keyof typeof en;

const hi: Record<SettingsStringKey, string> = {
  'settings.hipId': 'HIP आईडी (सुविधा की HFR आईडी)',
  'settings.hipIdHint':
    'हेल्थ फ़ैसिलिटी रजिस्ट्री में इस सुविधा की आईडी, जिससे ABDM इस क्लिनिक को HIP के रूप में पहचानता है। जब तक क्लिनिक HIP का काम नहीं करता, इसे ख़ाली छोड़ें।',
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
    'इस डेस्क पर अभी कोई एडमिन PIN सेट नहीं है। कनेक्शन सेटिंग्स (परिवेश, ABDM पते, क्लाइंट आईडी और सीक्रेट, HIU और HIP आईडी, कॉलबैक) में पहला बदलाव करते समय PIN माँगा जाएगा।',
  'settings.lock.locked': 'कनेक्शन सेटिंग्स (परिवेश, ABDM पते, क्लाइंट आईडी और सीक्रेट, HIU और HIP आईडी, कॉलबैक) एडमिन PIN से लॉक हैं।',
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

  'abdmApiSwitch.title': 'ABDM API को {api} पर बदलें?',
  'abdmApiSwitch.intro': 'सहेजते ही:',
  'abdmApiSwitch.flows': 'चल रहा कोई भी नामांकन या सत्यापन रुक जाएगा, और मरीज़ों को फिर से सत्यापित करना होगा;',
  'abdmApiSwitch.requests': 'नए नामांकन, सत्यापन और सहमति अनुरोध नए API पर, ऊपर दिए उसके अपने पतों के साथ, ABDM को जाएँगे;',
  'abdmApiSwitch.callbacks': 'ABDM नए API पर कॉलबैक करेगा: जहाँ कॉलबैक क्लिनिक के रिले से आते हैं, वहाँ रिले का HIU भी नए API के लिए सेट होना चाहिए।',
  'abdmApiSwitch.confirm': '{api} पर बदलें',
  'abdmApiSwitch.cancel': 'रद्द करें',
  'abdmApiSwitch.cancelled': 'कुछ भी सहेजा नहीं गया: डेस्क ABDM API {api} पर ही है।',

  'relayCredential.hintSecretsFile': 'रिले ने इस डेस्क के लिए जो क्रेडेंशियल दिया है (desk-….…) उसे चिपकाएँ। यह इस कंप्यूटर पर सहेजा जाता है, उसी तरह सुरक्षित जैसा सेटिंग्स → डेटा सुरक्षा में बताया गया है, और फिर कभी नहीं दिखाया जाता।',
  'relayCredential.hintMemory': 'रिले ने इस डेस्क के लिए जो क्रेडेंशियल दिया है (desk-….…) उसे चिपकाएँ। इस कंप्यूटर में सिस्टम कीचेन नहीं है, इसलिए यह केवल ABHA डेस्क बंद होने तक रखा जाता है, और फिर कभी नहीं दिखाया जाता।',

  'bridge.warning.hiuMismatch': 'रिले HIU {relay} के लिए है, पर इस डेस्क की HIU आईडी {desk} है। ऊपर HIU आईडी {relay} करें, या IT वाले व्यक्ति से इस डेस्क के HIU का क्रेडेंशियल माँगें।',
  'bridge.warning.noHiuId': '(सेट नहीं है)',
  'bridge.warning.apiMismatch': 'रिले का HIU ABDM API {relay} के लिए सेट है, पर यह डेस्क {desk} इस्तेमाल करता है: ABDM के जवाब इस डेस्क तक नहीं पहुँचेंगे। IT वाले व्यक्ति से रिले की सेटिंग में इस HIU का “api” {desk} करने को कहें, या इस डेस्क का ABDM API बदलें।',
  'bridge.warning.relayNotTraining': 'यह डेस्क प्रशिक्षण में है, पर रिले का HIU असली ABDM के लिए सेट है, इसलिए वह प्रशिक्षण सिम्युलेटर के जवाब नहीं लेता। IT वाले व्यक्ति से रिले पर प्रशिक्षण वाला HIU सेट करने को कहें (“training”: true; रिले गाइड, “Training mode” देखें)।',
  'bridge.warning.relayTraining': 'रिले का HIU प्रशिक्षण के लिए सेट है, इसलिए वह असली ABDM के जवाब नहीं लेता। IT वाले व्यक्ति से असली ABDM के लिए सेट रिले HIU माँगें।',
  'bridge.warning.trainingKeysRefused': 'रिले ने प्रशिक्षण सिम्युलेटर की कुंजियाँ नहीं लीं, इसलिए वह सिम्युलेटर के जवाब नहीं लेता। फिर से जुड़ने के लिए रिले क्रेडेंशियल दोबारा सहेजें; ऐसा बार-बार हो तो IT वाले व्यक्ति को बताएँ।',

  'pathCheck.button': 'कॉलबैक का रास्ता जाँचें',
  'pathCheck.about': 'रिले के सार्वजनिक पते पर एक हस्ताक्षरित जाँच भेजता है और इंतज़ार करता है कि रिले उसे इस डेस्क तक पहुँचाए: उसी रास्ते से जिससे ABDM के जवाब आते हैं।',
  'pathCheck.running': 'कॉलबैक का रास्ता जाँचा जा रहा है…',
  'pathCheck.ok': 'कॉलबैक का रास्ता काम करता है: {url} पर भेजी गई जाँच रिले से होकर {ms} ms में इस डेस्क तक पहुँची।',
  'pathCheck.failed.not-relay-mode': 'इस डेस्क पर कॉलबैक रिले से नहीं आते: जाँचने के लिए कोई रिले रास्ता नहीं है। पहले ऊपर क्लिनिक का रिले चुनें और सहेजें।',
  'pathCheck.failed.no-credential': 'इस डेस्क के लिए कोई रिले क्रेडेंशियल सहेजा नहीं गया है, इसलिए जाँच पर हस्ताक्षर नहीं हो सकते। इसे “इस डेस्क का रिले क्रेडेंशियल” में चिपकाएँ।',
  'pathCheck.failed.desk-not-connected': 'यह डेस्क रिले से नहीं जुड़ा है, इसलिए उससे होकर कुछ नहीं आ सकता। ऊपर कॉलबैक की स्थिति देखें।',
  'pathCheck.failed.relay-unreachable': 'रिले का सार्वजनिक पता {url} इस डेस्क से नहीं मिला: रिवर्स प्रॉक्सी, उसका प्रमाणपत्र और रिले जाँचें (क्या वह चल रहा है?)।',
  'pathCheck.failed.token-refused': 'रिले ने जाँच के हस्ताक्षर को अस्वीकार कर दिया: इस डेस्क का क्रेडेंशियल रद्द हो सकता है या किसी दूसरे HIU का हो सकता है। IT वाले व्यक्ति से इस डेस्क का क्रेडेंशियल माँगें।',
  'pathCheck.failed.timeout': 'जाँच रिले तक पहुँची, पर यह डेस्क उसे समय पर नहीं पा सका। फिर से कोशिश करें; ऐसा बार-बार हो तो IT वाले व्यक्ति को बताएँ।',
  'pathCheck.failed.relay-error': 'रिले ने जाँच का जवाब एक त्रुटि से दिया ({detail})। उसे ABHA डेस्क वाले संस्करण पर अपडेट करने की ज़रूरत हो सकती है।',

  'leave.title': 'सेटिंग्स में किए बदलाव सहेजें?',
  'leave.body': 'कुछ सेटिंग्स बदली गई हैं और अभी सहेजी नहीं गई हैं।',
  'leave.save': 'सहेजें',
  'leave.discard': 'बदलाव छोड़ दें',
  'leave.stay': 'यहीं रहें',

  'settings.hipName': 'सुविधा का नाम',
  'settings.hipNameHint': 'जिस नाम से मरीज़ क्लिनिक को जानते हैं: हर काउंटर के QR पोस्टर के ऊपर छपता है।',
  'settings.counters': 'काउंटर',
  'settings.countersAbout': 'हर वह जगह जहाँ मरीज़ अपनी प्रोफ़ाइल साझा करने के लिए QR स्कैन करते हैं: एक छोटी आईडी (वह QR में जाती है और हर शेयर के साथ लौटती है) और एक नाम, जैसे 1 “OPD Registration”, 2 “Lab”।',
  'settings.counters.id': 'काउंटर आईडी',
  'settings.counters.name': 'काउंटर का नाम',
  'settings.counters.add': 'काउंटर जोड़ें',
  'settings.counters.remove': 'काउंटर {id} हटाएँ',
  'settings.counters.none': 'अभी कोई काउंटर नहीं।',
  'settings.counter': 'पंजीकरण काउंटर',
  'settings.deskCounter': 'यह डेस्क संभालता है',
  'settings.deskCounterHint': 'इस काउंटर के शेयर पहले इस डेस्क पर आते हैं, और काउंटर स्क्रीन इसी पर खुलती है। सूची कनेक्शन में दिए क्लिनिक के काउंटरों की है।',
  'settings.deskCounter.none': 'कोई काउंटर नहीं',
  'settings.counterSound': 'इस डेस्क के काउंटर पर मरीज़ के साझा करने पर एक छोटी आवाज़',
  'settings.counterSoundHint': 'प्रतीक्षा कक्ष के लिए धीमी; बोर्ड हर शेयर को वैसे भी दिखाता है।',
  'settings.patientNumberPrefix': 'मरीज़ नंबर का उपसर्ग',
  'settings.patientNumberPrefixHint': 'क्लिनिक के अपने मरीज़ नंबर इससे शुरू होते हैं: OPD- से OPD-000123 बनता है। अधिकतम 12 अक्षर, अंक, “-” या “/”।',
  'settings.issue.counter-id': '{field}: 1 से 20 अक्षर, अंक, खाली जगह, बिंदु, “-” या “_”, और अक्षर या अंक से शुरू (यह काउंटर के QR में जाती है)।',
  'settings.issue.patient-number-prefix': '{field} में अधिकतम 12 अक्षर, अंक, “-” या “/” हो सकते हैं।',
};

export const settingsStrings = { en, hi };
