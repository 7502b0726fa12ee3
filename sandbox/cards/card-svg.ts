import type { Account } from '../state';
import { cardData } from './card-data';
import { abhaQrPng } from './qr';

export const CARD_WIDTH = 640;
export const CARD_HEIGHT = 400;
/** Family named in the SVG; card-png.ts supplies this font to the renderer. */
export const CARD_FONT_FAMILY = 'Roboto';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

function row(label: string, value: string, y: number): string {
  return `<text x="170" y="${y}" font-size="13" fill="#5a6473">${escapeXml(label)}</text>
<text x="170" y="${y + 20}" font-size="18" font-weight="bold" fill="#14213d">${escapeXml(value)}</text>`;
}

/** The ABHA card as SVG text; photo and QR are embedded as PNG data URIs so the file stands alone. */
export async function cardSvg(account: Account): Promise<string> {
  const card = cardData(account);
  const qr = (await abhaQrPng(account)).toString('base64');
  const photo = card.photoPng.toString('base64');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" font-family="${CARD_FONT_FAMILY}, sans-serif">
<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" rx="16" fill="#ffffff" stroke="#c9d3e0"/>
<rect width="${CARD_WIDTH}" height="64" rx="16" fill="#1d4e89"/>
<rect y="48" width="${CARD_WIDTH}" height="16" fill="#1d4e89"/>
<text x="24" y="40" font-size="22" font-weight="bold" fill="#ffffff">Ayushman Bharat Health Account</text>
<text x="${CARD_WIDTH - 24}" y="40" font-size="12" text-anchor="end" fill="#ffd166">TRAINING SANDBOX</text>
<image x="24" y="84" width="120" height="150" href="data:image/png;base64,${photo}"/>
${row('Name', card.name, 96)}
${row('ABHA Number', card.healthIdNumber, 146)}
${row('ABHA Address', card.healthId, 196)}
${row('Gender', card.gender, 246)}
${row('Date of Birth', card.dateOfBirth, 296)}
${row('Mobile', card.mobile, 346)}
<image x="440" y="96" width="176" height="176" href="data:image/png;base64,${qr}"/>
<text x="528" y="296" font-size="11" text-anchor="middle" fill="#5a6473">Scan to read ABHA details</text>
</svg>`;
}
