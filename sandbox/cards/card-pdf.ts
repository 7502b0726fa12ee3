import PDFDocument from 'pdfkit';
import type { Account } from '../state';
import { cardData } from './card-data';
import { CARD_HEIGHT, CARD_WIDTH } from './card-svg';
import { abhaQrPng } from './qr';

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** The ABHA card as a one-page PDF with a real text layer (Helvetica, built into every PDF reader). */
export async function cardPdf(account: Account): Promise<Buffer> {
  const card = cardData(account);
  const qr = await abhaQrPng(account);
  const doc = new PDFDocument({ size: [CARD_WIDTH, CARD_HEIGHT], margin: 0, info: { Title: `ABHA card ${card.healthIdNumber}`, Producer: 'ABHA Desk sandbox' } });
  const done = collect(doc);
  doc.roundedRect(0.5, 0.5, CARD_WIDTH - 1, CARD_HEIGHT - 1, 16).stroke('#c9d3e0');
  doc.rect(0, 0, CARD_WIDTH, 64).fill('#1d4e89');
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(22).text('Ayushman Bharat Health Account', 24, 24);
  doc.fillColor('#ffd166').font('Helvetica').fontSize(10).text('TRAINING SANDBOX', CARD_WIDTH - 140, 30, { width: 116, align: 'right' });
  doc.image(card.photoPng, 24, 84, { width: 120, height: 150 });
  const rows: Array<[string, string]> = [
    ['Name', card.name],
    ['ABHA Number', card.healthIdNumber],
    ['ABHA Address', card.healthId],
    ['Gender', card.gender],
    ['Date of Birth', card.dateOfBirth],
    ['Mobile', card.mobile],
  ];
  rows.forEach(([label, value], i) => {
    const y = 84 + i * 50;
    doc.fillColor('#5a6473').font('Helvetica').fontSize(11).text(`${label}:`, 170, y);
    doc.fillColor('#14213d').font('Helvetica-Bold').fontSize(16).text(value, 170, y + 15, { width: 260, lineBreak: false });
  });
  doc.image(qr, 440, 96, { width: 176, height: 176 });
  doc.fillColor('#5a6473').font('Helvetica').fontSize(9).text('Scan to read ABHA details', 440, 280, { width: 176, align: 'center' });
  doc.end();
  return done;
}
