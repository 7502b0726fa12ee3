// What each ABDM code means for the person at the desk, and what to do next, keyed by the code main passes on
// (AppError.abdmCode): Health ID v1's HIS-… (meanings from reference/spec/healthid-v1.md §5.2, which names its
// sources, mostly real error bodies kept by other ABDM clients) and ABHA v3's ABDM-… and 900901 (meanings from
// reference/spec/abdm-v3.md §2 "Errors"). docs/abdm-client.md lists every row's source. ABDM_MESSAGES holds both.

export interface Bilingual {
  en: string;
  hi: string;
}

export const HIS_MESSAGES: Record<string, Bilingual> = {
  'HIS-1008': {
    en: 'No ABHA was found for this ABHA number or ABHA address. Check it with the patient and type it again.',
    hi: 'इस ABHA नंबर या ABHA पते से कोई ABHA नहीं मिला। मरीज़ से जाँचकर दोबारा लिखें।',
  },
  'HIS-1009': {
    en: 'ABDM could not reach UIDAI (Aadhaar) just now. Wait a minute and try again.',
    hi: 'ABDM अभी UIDAI (आधार) से नहीं जुड़ पाया। एक मिनट रुककर फिर कोशिश करें।',
  },
  'HIS-1011': {
    en: 'This mobile number is not valid. Ask the patient for their 10-digit mobile number and type it again.',
    hi: 'यह मोबाइल नंबर सही नहीं है। मरीज़ से उनका 10 अंकों का मोबाइल नंबर पूछकर दोबारा लिखें।',
  },
  'HIS-1012': {
    en: 'This OTP session is not valid. Start again from sending the OTP.',
    hi: 'यह OTP सत्र मान्य नहीं है। OTP भेजने वाले चरण से फिर शुरू करें।',
  },
  'HIS-1013': {
    en: 'The OTP is wrong. Ask the patient to read out the OTP again and type it carefully; if it keeps failing, send a new OTP.',
    hi: 'OTP गलत है। मरीज़ से OTP दोबारा पढ़वाकर ध्यान से लिखें; बार-बार गलत हो तो नया OTP भेजें।',
  },
  'HIS-1015': {
    en: 'This ABHA address is already taken. Ask the patient to choose a different ABHA address.',
    hi: 'यह ABHA पता पहले से लिया जा चुका है। मरीज़ से कोई दूसरा ABHA पता चुनने को कहें।',
  },
  'HIS-1023': {
    en: 'OTPs were requested too often for this person. Wait before asking for another OTP, then try again.',
    hi: 'इस व्यक्ति के लिए बहुत जल्दी-जल्दी OTP माँगा गया है। थोड़ी देर रुककर फिर OTP माँगें।',
  },
  'HIS-1026': {
    en: 'This OTP session has expired or was not found. Start again from sending the OTP.',
    hi: 'यह OTP सत्र समाप्त हो गया है या मिला नहीं। OTP भेजने वाले चरण से फिर शुरू करें।',
  },
  'HIS-1029': {
    en: 'This Aadhaar number already has an ABHA. Use "Verify ABHA" to find the existing one instead.',
    hi: 'इस आधार नंबर का ABHA पहले से बना है। नया बनाने के बजाय "ABHA सत्यापन" से मौजूदा ABHA खोजें।',
  },
  'HIS-1039': {
    en: 'Too many wrong OTPs. ABDM has blocked new attempts for 12 hours; ask the patient to come back later.',
    hi: 'बहुत बार गलत OTP डाला गया। ABDM ने 12 घंटे के लिए नए प्रयास रोक दिए हैं; मरीज़ को बाद में आने को कहें।',
  },
  'HIS-1041': {
    en: 'The limit of OTP attempts is reached. Start again later with a new OTP.',
    hi: 'OTP के प्रयासों की सीमा पूरी हो गई। बाद में नए OTP के साथ फिर शुरू करें।',
  },
  'HIS-1052': {
    en: 'This mobile number is already linked to the most ABHAs allowed. Ask the patient for a different mobile number.',
    hi: 'यह मोबाइल नंबर पहले ही अधिकतम ABHA से जुड़ा है। मरीज़ से कोई दूसरा मोबाइल नंबर लें।',
  },
  'HIS-1056': {
    en: 'The OTP has expired. Send a new OTP and ask the patient for it.',
    hi: 'OTP की समय-सीमा खत्म हो गई। नया OTP भेजें और मरीज़ से पूछें।',
  },
  'HIS-2007': {
    en: 'UIDAI has suspended this Aadhaar number. The patient must contact UIDAI (call 1947) before an ABHA can be made.',
    hi: 'UIDAI ने यह आधार नंबर निलंबित किया है। ABHA बनाने से पहले मरीज़ UIDAI (1947 पर कॉल) से संपर्क करें।',
  },
  'HIS-2008': {
    en: 'UIDAI has cancelled this Aadhaar number. The patient must contact UIDAI (call 1947).',
    hi: 'UIDAI ने यह आधार नंबर रद्द किया है। मरीज़ UIDAI (1947 पर कॉल) से संपर्क करें।',
  },
  'HIS-2009': {
    en: 'This Aadhaar number cannot be verified by OTP right now. The patient should contact UIDAI (call 1947).',
    hi: 'इस आधार नंबर का अभी OTP से सत्यापन नहीं हो सकता। मरीज़ UIDAI (1947 पर कॉल) से संपर्क करें।',
  },
  'HIS-2016': {
    en: 'The Aadhaar number (or Virtual ID) is not valid. Check the digits on the Aadhaar card and type them again.',
    hi: 'आधार नंबर (या वर्चुअल ID) सही नहीं है। आधार कार्ड पर अंक देखकर दोबारा लिखें।',
  },
  'HIS-2017': {
    en: 'Too many OTPs were sent in this attempt. Wait 30 minutes, then start again.',
    hi: 'इस प्रयास में बहुत सारे OTP भेजे जा चुके हैं। 30 मिनट रुककर फिर से शुरू करें।',
  },
  'HIS-2022': {
    en: 'The Aadhaar OTP is wrong. Ask the patient to read out the OTP again and type it carefully.',
    hi: 'आधार OTP गलत है। मरीज़ से OTP दोबारा पढ़वाकर ध्यान से लिखें।',
  },
  'HIS-3005': {
    en: 'No mobile number is linked to this Aadhaar, so no OTP can be sent. The patient must link a mobile number at an Aadhaar centre first.',
    hi: 'इस आधार से कोई मोबाइल नंबर जुड़ा नहीं है, इसलिए OTP नहीं भेजा जा सकता। मरीज़ पहले आधार केंद्र पर मोबाइल नंबर जुड़वाएँ।',
  },
  // Top-level codes: used when there is no detail code, or the detail code is not in this table.
  'HIS-400': {
    en: 'ABDM did not accept the details entered. Check them and try again.',
    hi: 'ABDM ने दर्ज की गई जानकारी स्वीकार नहीं की। जाँचकर फिर कोशिश करें।',
  },
  'HIS-401': {
    en: 'ABDM refused this clinic’s access. Try again; if it repeats, ask the administrator to check the ABDM settings.',
    hi: 'ABDM ने इस क्लिनिक की पहुँच अस्वीकार कर दी। फिर कोशिश करें; बार-बार हो तो व्यवस्थापक से ABDM सेटिंग्स जाँचने को कहें।',
  },
  'HIS-403': {
    en: 'This clinic is not allowed to do this on ABDM. Ask the administrator to check the clinic’s ABDM registration.',
    hi: 'इस क्लिनिक को ABDM पर यह करने की अनुमति नहीं है। व्यवस्थापक से क्लिनिक का ABDM पंजीकरण जाँचने को कहें।',
  },
  'HIS-404': {
    en: 'ABDM does not offer this service at the configured address. Ask the administrator to check the ABDM settings.',
    hi: 'सेट किए गए पते पर ABDM यह सेवा नहीं देता। व्यवस्थापक से ABDM सेटिंग्स जाँचने को कहें।',
  },
  'HIS-422': {
    en: 'ABDM could not complete this with the details given. Check them and try again.',
    hi: 'दी गई जानकारी से ABDM यह काम पूरा नहीं कर सका। जाँचकर फिर कोशिश करें।',
  },
  'HIS-500': {
    en: 'ABDM had a problem on its side. Wait a minute and try again.',
    hi: 'ABDM की ओर से समस्या आई। एक मिनट रुककर फिर कोशिश करें।',
  },
  'HIS-503': {
    en: 'ABDM is not available just now. Wait a few minutes and try again.',
    hi: 'ABDM अभी उपलब्ध नहीं है। कुछ मिनट रुककर फिर कोशिश करें।',
  },
};

/**
 * ABHA v3 (and HIE-CM v3) codes, as electron/abdm/abha-v3/errors.ts reads them from the body (`ABDM-1016: ` loses
 * its ": "). `AUTH_FAILED` is the client's own code for a 200 answer whose authResult is not success.
 */
export const ABHA_V3_MESSAGES: Record<string, Bilingual> = {
  'ABDM-1016': {
    en: 'ABDM did not accept the time this computer sent. Check that the computer’s date, time and time zone are right, then try again.',
    hi: 'ABDM ने इस कंप्यूटर का भेजा समय स्वीकार नहीं किया। कंप्यूटर की तारीख, समय और टाइम ज़ोन सही हैं यह जाँचकर फिर कोशिश करें।',
  },
  'ABDM-1094': {
    en: 'This patient’s ABHA session has expired. Verify the patient again with an OTP to continue.',
    hi: 'इस मरीज़ का ABHA सत्र समाप्त हो गया है। आगे बढ़ने के लिए मरीज़ को OTP से फिर से सत्यापित करें।',
  },
  'ABDM-1204': {
    en: 'The OTP is wrong. Ask the patient to read out the OTP again and type it carefully; if it keeps failing, send a new OTP.',
    hi: 'OTP गलत है। मरीज़ से OTP दोबारा पढ़वाकर ध्यान से लिखें; बार-बार गलत हो तो नया OTP भेजें।',
  },
  'ABDM-1124': {
    en: 'This mobile number is already linked to 6 ABHAs, the most allowed. Ask the patient for a different mobile number.',
    hi: 'यह मोबाइल नंबर पहले ही 6 ABHA से जुड़ा है, जो अधिकतम सीमा है। मरीज़ से कोई दूसरा मोबाइल नंबर लें।',
  },
  'ABDM-1114': {
    en: 'No ABHA was found for these details. Check them with the patient and type them again.',
    hi: 'इन विवरणों से कोई ABHA नहीं मिला। मरीज़ से जाँचकर दोबारा लिखें।',
  },
  'ABDM-1211': {
    en: 'No ABHA was found for these details. Check them with the patient and type them again.',
    hi: 'इन विवरणों से कोई ABHA नहीं मिला। मरीज़ से जाँचकर दोबारा लिखें।',
  },
  'ABDM-1017': {
    en: 'This OTP session is not valid or has expired. Start again from sending the OTP.',
    hi: 'यह OTP सत्र मान्य नहीं है या समाप्त हो गया है। OTP भेजने वाले चरण से फिर शुरू करें।',
  },
  'ABDM-2401': {
    en: 'ABDM no longer accepts this patient’s ABHA session. Verify the patient again with an OTP to continue.',
    hi: 'ABDM अब इस मरीज़ का ABHA सत्र स्वीकार नहीं करता। आगे बढ़ने के लिए मरीज़ को OTP से फिर से सत्यापित करें।',
  },
  'ABDM-2402': {
    en: 'ABDM did not accept the time this computer sent. Check that the computer’s date, time and time zone are right, then try again.',
    hi: 'ABDM ने इस कंप्यूटर का भेजा समय स्वीकार नहीं किया। कंप्यूटर की तारीख, समय और टाइम ज़ोन सही हैं यह जाँचकर फिर कोशिश करें।',
  },
  'ABDM-2403': {
    en: 'ABDM did not accept the consent manager set for this clinic. Ask the administrator to check the ABDM settings.',
    hi: 'ABDM ने इस क्लिनिक के लिए सेट किया गया कंसेंट मैनेजर स्वीकार नहीं किया। व्यवस्थापक से ABDM सेटिंग्स जाँचने को कहें।',
  },
  'ABDM-2404': {
    en: 'ABDM did not accept this request’s reference number. Try again; if it repeats, report it to the app’s support.',
    hi: 'ABDM ने इस अनुरोध की संदर्भ संख्या स्वीकार नहीं की। फिर कोशिश करें; बार-बार हो तो ऐप सहायता को बताएँ।',
  },
  'ABDM-2500': {
    en: 'ABDM did not receive this clinic’s access. Try again; if it repeats, ask the administrator to check the ABDM settings.',
    hi: 'ABDM को इस क्लिनिक की पहुँच नहीं मिली। फिर कोशिश करें; बार-बार हो तो व्यवस्थापक से ABDM सेटिंग्स जाँचने को कहें।',
  },
  'ABDM-9999': {
    en: 'ABDM had an unexpected problem on its side. Wait a minute and try again.',
    hi: 'ABDM की ओर से कोई अनपेक्षित समस्या आई। एक मिनट रुककर फिर कोशिश करें।',
  },
  // The notes: a repeated HIE-CM transfer notify; the simulator also answers a taken ABHA address with it.
  'ABDM-1101': {
    en: 'ABDM already has this. If you were choosing an ABHA address, it is taken: ask the patient to choose another one. Otherwise nothing more needs to be done.',
    hi: 'ABDM के पास यह पहले से है। अगर आप ABHA पता चुन रहे थे, तो वह पहले से लिया जा चुका है: मरीज़ से कोई दूसरा पता चुनने को कहें। नहीं तो और कुछ करने की ज़रूरत नहीं है।',
  },
  '900901': {
    en: 'ABDM did not accept this clinic’s session. Try again; if it repeats, ask the administrator to check the client ID and secret in Settings.',
    hi: 'ABDM ने इस क्लिनिक का सत्र स्वीकार नहीं किया। फिर कोशिश करें; बार-बार हो तो व्यवस्थापक से सेटिंग्स में क्लाइंट ID और सीक्रेट जाँचने को कहें।',
  },
  // Not an error code of the notes' list: their §5 names it as what a client without the API subscription gets (403).
  '900908': {
    en: 'ABDM has not given this clinic access to this service yet. Ask the administrator to check the clinic’s ABDM registration.',
    hi: 'ABDM ने इस क्लिनिक को अभी यह सेवा इस्तेमाल करने की अनुमति नहीं दी है। व्यवस्थापक से क्लिनिक का ABDM पंजीकरण जाँचने को कहें।',
  },
  AUTH_FAILED: {
    en: 'ABDM did not accept the OTP. Ask the patient to read out the OTP again and type it carefully; if it keeps failing, send a new OTP.',
    hi: 'ABDM ने OTP स्वीकार नहीं किया। मरीज़ से OTP दोबारा पढ़वाकर ध्यान से लिखें; बार-बार गलत हो तो नया OTP भेजें।',
  },
};

/** Every code with words: Health ID v1's and ABHA v3's (the codes never overlap: HIS-… vs ABDM-… and 900901). */
export const ABDM_MESSAGES: Record<string, Bilingual> = { ...HIS_MESSAGES, ...ABHA_V3_MESSAGES };
