// Reading a verified patient's account on either API generation: the profile and the card files.
// Health ID v1 serves each card format itself; ABHA v3 serves one card image, which the desk wraps as PDF or SVG.
import type { AbhaPerson } from '../../abdm/abha-v3/types';
import { AbdmBadResponseError } from '../../abdm/errors';
import { pdfAroundPng, svgAroundPng } from '../../cards/card-from-image';
import type { AbhaClients } from './abha-clients';
import type { CardFileFormat } from '../desktop/desktop-port';

export type CardFormat = CardFileFormat | 'qr';

export function readProfile(clients: AbhaClients, token: string): Promise<AbhaPerson> {
  return clients.client.profile(token);
}

export async function readCardFile(clients: AbhaClients, format: CardFormat, token: string, title: string): Promise<Buffer> {
  if (clients.api === 'v1') {
    const { client } = clients;
    const file = await (format === 'pdf' ? client.pdfCard(token) : format === 'png' ? client.pngCard(token) : format === 'svg' ? client.svgCard(token) : client.qrCode(token));
    return file.data;
  }
  const { client } = clients;
  if (format === 'qr') return (await client.qrCode(token)).data;
  const card = await client.card(token);
  if (card.kind !== 'image/png') {
    // Only a PNG can be wrapped; anything else is handed over as it came when that very kind was asked for.
    if ((format === 'pdf' && card.kind === 'application/pdf') || (format === 'svg' && card.kind === 'image/svg+xml')) return card.data;
    throw new AbdmBadResponseError('healthid', 'abhaCard', 200, `the card came as ${card.kind}, which cannot be shown as ${format}`);
  }
  if (format === 'png') return card.data;
  return format === 'pdf' ? pdfAroundPng(card.data, title) : svgAroundPng(card.data, title);
}
