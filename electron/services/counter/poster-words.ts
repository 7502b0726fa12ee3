// The poster's fixed words. A poster hangs at a counter of an Indian clinic and speaks to the patients, so it is
// always in English and Hindi, whatever the desk's language: two lines in each.
export const POSTER_TITLE = { en: 'Scan & Share: get your token', hi: 'स्कैन करें और साझा करें: अपना टोकन पाएँ' };

export const POSTER_INSTRUCTIONS = {
  en: ['Scan this QR code with your ABHA app (ABHA, Aarogya Setu or any PHR app) and share your profile.', 'Your token number appears on your phone: show it at the counter.'],
  hi: ['इस QR कोड को अपने ABHA ऐप (ABHA, आरोग्य सेतु या कोई PHR ऐप) से स्कैन करें और अपनी प्रोफ़ाइल साझा करें।', 'आपका टोकन नंबर आपके फ़ोन पर आएगा: उसे काउंटर पर दिखाएँ।'],
} as const;

/** Under the QR: which counter and facility it is for. */
export function counterLine(counterName: string, counterId: string): string {
  return `${counterName} (counter ${counterId})`;
}
