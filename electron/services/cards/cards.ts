// The patient's ABHA card: shown, saved to a file, printed on A4 or a CR80 card printer. The bytes come from
// card-source.ts (fresh with the patient's token, else the card held for the day); the desktop port does the saving
// and printing, and the audit records what it actually did (a file written, a browser download, a print dialog).
import { printGeometry, printPageHtml, type PrintGeometry, type PrintLayoutName } from '../../cards/print-layout';
import type { HeldCardStore } from '../../store/desk/held-cards';
import type { AbhaClients } from '../abha/abha-clients';
import type { CardFormat } from '../abha/abha-account';
import type { AuditAction, AuditLog } from '../day/audit';
import { CardSource, type HeldCardInfo } from './card-source';
import type { CardFileFormat, DesktopPort, PrintOutcome, SaveOutcome } from '../desktop/desktop-port';
import { cardFileName } from '../desktop/file-names';
import type { UserTokens } from '../abha/user-tokens';

export type { CardFormat, HeldCardInfo };

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
  held: HeldCardStore;
  /** Main's clock: file names' dates and how long a card is held. */
  now?: () => number;
  /** The patient's name where the desk keeps their profile: a made PDF card carries it as text (card-source.ts). */
  patientName?: (abhaNumber: string) => string | null;
}

export class CardService {
  private readonly source: CardSource;
  private readonly now: () => number;

  constructor(private readonly deps: CardDeps) {
    this.now = deps.now ?? Date.now;
    this.source = new CardSource({ abha: deps.abha, tokens: deps.tokens, held: deps.held, now: this.now, patientName: deps.patientName });
  }

  async image(input: { abhaNumber: string; format: CardFormat }): Promise<CardImage> {
    const data = await this.source.read(input.abhaNumber, input.format);
    // Shown on every open of the patient: one row a patient a day is enough to say the card was seen.
    if (input.format !== 'qr') this.deps.audit.recordOnceADay('card.viewed', input.abhaNumber, input.format);
    return { format: input.format, mimeType: MIME[input.format], dataUrl: `data:${MIME[input.format]};base64,${data.toString('base64')}` };
  }

  /** Which formats can be shown, saved and printed without a new OTP, and until when. */
  held(input: { abhaNumber: string }): HeldCardInfo {
    return this.source.info(input.abhaNumber);
  }

  async save(input: { abhaNumber: string; format: CardFileFormat }): Promise<SaveOutcome> {
    const data = await this.source.read(input.abhaNumber, input.format);
    const name = cardFileName(input.abhaNumber, new Date(this.now()), { format: input.format });
    const outcome = await this.deps.desktop.save(name, input.format, data);
    const action: AuditAction | null = outcome.path ? 'card.saved' : outcome.download ? 'card.downloaded' : null;
    if (action) this.deps.audit.record(action, input.abhaNumber, input.format);
    return outcome;
  }

  async preview(input: { abhaNumber: string; layout: PrintLayoutName }): Promise<PrintPreview> {
    const png = await this.source.read(input.abhaNumber, 'png');
    return { ...printGeometry(input.layout), cardImage: `data:image/png;base64,${png.toString('base64')}` };
  }

  async print(input: { abhaNumber: string; layout: PrintLayoutName }): Promise<PrintOutcome> {
    const png = await this.source.read(input.abhaNumber, 'png');
    const geometry = printGeometry(input.layout);
    // The page's title is the file name a browser's "Save as PDF" offers, so it is the same as a print page's file.
    const fileName = cardFileName(input.abhaNumber, new Date(this.now()), { layout: input.layout });
    const outcome = await this.deps.desktop.print({ title: fileName, fileName, geometry, html: printPageHtml(geometry, png, fileName) });
    const action: AuditAction | null = outcome.printed ? 'card.printed' : outcome.dialogOpened ? 'card.print-dialog-opened' : null;
    if (action) this.deps.audit.record(action, input.abhaNumber, input.layout);
    return outcome;
  }
}
