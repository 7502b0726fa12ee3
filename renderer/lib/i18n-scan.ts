// The words of the patient's ABHA QR read by a 2D scanner, in English and Hindi: why a scan was not read, the Aadhaar
// field's refusal of a scan, the scanned person shown on Verify, and the register search on Today. They join the
// shared table in i18n.ts when the scan helper (abha-scan.ts) loads, which types them with the rest; Hindi must have
// every English key, as there.

const en = {
  // Why a scan was not read (electron/shared/abha-qr.ts AbhaQrProblem). Never quotes the scan.
  'scan.problem.not-json': 'The scan could not be read (it may have been cut short). Scan the patient’s ABHA QR again.',
  'scan.problem.not-abha-qr': 'This QR is not a patient’s ABHA QR. Scan the QR on the patient’s ABHA card or in their ABHA app.',
  'scan.problem.no-abha': 'This ABHA QR has neither an ABHA number nor an ABHA address. Type the patient’s ABHA number or address instead.',
  'scan.problem.bad-abha-number': 'The ABHA number in this QR is not 14 digits: the scan was misread. Scan the QR again.',
  'scan.problem.bad-abha-address': 'The ABHA address in this QR is not a valid ABHA address: the scan was misread. Scan the QR again.',

  'scan.aadhaarRefused': 'This looks like an ABHA QR scan, not an Aadhaar number: scan it on Verify ABHA (Alt+3). The box was cleared.',

  // The scanned person on Verify, before the OTP.
  'scan.person.heading': 'From the patient’s QR, not verified yet',
  'scan.person.name': 'Name',
  'scan.person.gender': 'Gender',
  'scan.person.born': 'Date of birth',
  'scan.person.bornYear': 'Year of birth',
  'scan.person.abhaNumber': 'ABHA number',
  'scan.person.abhaAddress': 'ABHA address',
  'scan.person.next': 'Press Send OTP: the OTP the patient receives confirms that this is them.',

  // Records' find field.
  'scan.filled': 'Filled in from the patient’s QR. Press Find the patient.',

  // The register search on Today.
  'register.search.heading': 'Registered patients',
  'register.search.label': 'Find a registered patient',
  'register.search.hint': 'Name, patient number, ABHA number or address, or mobile digits; or scan the patient’s ABHA QR.',
  'register.search.searching': 'Searching…',
  'register.search.none': 'No registered patient matches “{query}”.',
  'register.search.noneScanned': 'The scanned ABHA is not in the register yet.',
  'register.search.scanned': 'Searched by the scanned ABHA: {abha}.',
  'register.search.count': '{count} registered patients found.',
  'register.search.name': 'Name',
  'register.search.number': 'Patient number',
  'register.search.abha': 'ABHA',
  'register.search.age': 'Age',
  'register.search.lastVisit': 'Last visit',
  'register.search.years': '{years} y',
  'register.search.unverified': 'not verified',
};

export type ScanStringKey = keyof typeof en;

const hi: Record<ScanStringKey, string> = {
  'scan.problem.not-json': 'स्कैन पढ़ा नहीं जा सका (हो सकता है वह अधूरा रह गया हो)। मरीज़ का ABHA QR फिर से स्कैन करें।',
  'scan.problem.not-abha-qr': 'यह मरीज़ का ABHA QR नहीं है। मरीज़ के ABHA कार्ड पर या उनके ABHA ऐप में दिखा QR स्कैन करें।',
  'scan.problem.no-abha': 'इस ABHA QR में न ABHA नंबर है, न ABHA पता। मरीज़ का ABHA नंबर या पता टाइप करें।',
  'scan.problem.bad-abha-number': 'इस QR का ABHA नंबर 14 अंकों का नहीं है: स्कैन गलत पढ़ा गया। QR फिर से स्कैन करें।',
  'scan.problem.bad-abha-address': 'इस QR का ABHA पता सही ABHA पता नहीं है: स्कैन गलत पढ़ा गया। QR फिर से स्कैन करें।',

  'scan.aadhaarRefused': 'यह आधार नंबर नहीं, ABHA QR का स्कैन लगता है: इसे ABHA सत्यापन (Alt+3) पर स्कैन करें। बॉक्स खाली कर दिया गया है।',

  'scan.person.heading': 'मरीज़ के QR से, अभी जाँचा नहीं गया',
  'scan.person.name': 'नाम',
  'scan.person.gender': 'लिंग',
  'scan.person.born': 'जन्म तिथि',
  'scan.person.bornYear': 'जन्म का वर्ष',
  'scan.person.abhaNumber': 'ABHA नंबर',
  'scan.person.abhaAddress': 'ABHA पता',
  'scan.person.next': 'OTP भेजें दबाएँ: मरीज़ को मिला OTP पक्का करता है कि यह वही हैं।',

  'scan.filled': 'मरीज़ के QR से भरा गया। मरीज़ खोजें दबाएँ।',

  'register.search.heading': 'पंजीकृत मरीज़',
  'register.search.label': 'पंजीकृत मरीज़ खोजें',
  'register.search.hint': 'नाम, मरीज़ नंबर, ABHA नंबर या पता, या मोबाइल के अंक; या मरीज़ का ABHA QR स्कैन करें।',
  'register.search.searching': 'खोजा जा रहा है…',
  'register.search.none': '“{query}” से कोई पंजीकृत मरीज़ नहीं मिला।',
  'register.search.noneScanned': 'स्कैन किया गया ABHA अभी रजिस्टर में नहीं है।',
  'register.search.scanned': 'स्कैन किए गए ABHA से खोजा गया: {abha}।',
  'register.search.count': '{count} पंजीकृत मरीज़ मिले।',
  'register.search.name': 'नाम',
  'register.search.number': 'मरीज़ नंबर',
  'register.search.abha': 'ABHA',
  'register.search.age': 'आयु',
  'register.search.lastVisit': 'पिछली बार आए',
  'register.search.years': '{years} वर्ष',
  'register.search.unverified': 'जाँचा नहीं गया',
};

export const scanStrings = { en, hi };
