import QRCode from 'qrcode';
import type { Account } from '../state';
import { abhaQrPayload } from './card-data';

/** PNG of the ABHA QR: the payload JSON, error correction M so a printed card survives some wear. */
export async function abhaQrPng(account: Account): Promise<Buffer> {
  return QRCode.toBuffer(JSON.stringify(abhaQrPayload(account)), { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 6 });
}
