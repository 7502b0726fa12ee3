// The patient's ABHA card: fetch for display, save to a file, print on A4 or a CR80 card printer.
import { printGeometry, printPageHtml, type PrintGeometry, type PrintLayoutName } from '../cards/print-layout';
import type { AbhaClients } from './abha-clients';
import { readCardFile, type CardFormat } from './abha-account';
import type { AuditLog } from './audit';
import { callWithPatientToken } from './call-abdm';
import type { CardFileFormat, DesktopPort } from './desktop-port';
import type { UserTokens } from './user-tokens';

export type { CardFormat };

export interface CardImage {
  format: CardFormat;
  mimeType: string;
  /** data: URL, displayable under the renderer's CSP. */
  dataUrl: string;
}

export interface PrintPreview extends PrintGeometry {
  cardImage: string;
}

const MIME: Record<CardFormat, string> = { pdf: 'application/pdf', png: 'image/png', svg: 'image/svg+xml', qr: 'image/png' };

export interface CardDeps {
  abha: () => Promise<AbhaClients>;
  tokens: UserTokens;
  audit: AuditLog;
  desktop: DesktopPort;
}

export class CardService {
  constructor(private readonly deps: CardDeps) {}

  async image(input: { abhaNumber: string; format: CardFormat }): Promise<CardImage> {
    const data = await this.fetch(input.abhaNumber, input.format);
    if (input.format !== 'qr') this.deps.audit.record('card.viewed', input.abhaNumber, input.format);
    return { format: input.format, mimeType: MIME[input.format], dataUrl: `data:${MIME[input.format]};base64,${data.toString('base64')}` };
  }

  async save(input: { abhaNumber: string; format: CardFileFormat }): Promise<{ saved: boolean; path?: string }> {
    const data = await this.fetch(input.abhaNumber, input.format);
    const outcome = await this.deps.desktop.save(`ABHA-card-${input.abhaNumber}.${input.format}`, input.format, data);
    if (outcome.saved) this.deps.audit.record('card.saved', input.abhaNumber, input.format);
    return outcome;
  }

  async preview(input: { abhaNumber: string; layout: PrintLayoutName }): Promise<PrintPreview> {
    const png = await this.fetch(input.abhaNumber, 'png');
    return { ...printGeometry(input.layout), cardImage: `data:image/png;base64,${png.toString('base64')}` };
  }

  async print(input: { abhaNumber: string; layout: PrintLayoutName }): Promise<{ printed: boolean; savedTo?: string }> {
    const png = await this.fetch(input.abhaNumber, 'png');
    const geometry = printGeometry(input.layout);
    const title = `ABHA card ${input.abhaNumber}`;
    const outcome = await this.deps.desktop.print({ title, geometry, html: printPageHtml(geometry, png, title) });
    if (outcome.printed) this.deps.audit.record('card.printed', input.abhaNumber, input.layout);
    return outcome;
  }

  private async fetch(abhaNumber: string, format: CardFormat): Promise<Buffer> {
    return callWithPatientToken(this.deps, abhaNumber, (clients, token) => readCardFile(clients, format, token, `ABHA card ${abhaNumber}`));
  }
}
