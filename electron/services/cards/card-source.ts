// Where the card's bytes come from. With the patient's live token: fresh from ABDM, and held in the encrypted database
// until the end of the local day (electron/store/desk/held-cards.ts). Without one (the 30-minute session ended, the app was
// restarted) or while ABDM cannot be reached: the held card, so a patient enrolled at 10:05 has the card reprinted at
// 16:00 without a new OTP. Neither: VERIFY_AGAIN, and the screen offers to verify the patient again.
// A PDF or SVG that was never fetched is made around the held PNG, as ABHA v3's cards always are (card-from-image.ts):
// ABDM's own picture, unchanged, titled with the patient's name (from the profile the desk was shown) and ABHA number.
import { pdfAroundPng, svgAroundPng } from '../../cards/card-from-image';
import { AppFailure } from '../../shared/errors';
import type { HeldCardFormat, HeldCardStore } from '../../store/desk/held-cards';
import { readCardFile, type CardFormat } from '../abha/abha-account';
import type { AbhaClients } from '../abha/abha-clients';
import { callWithPatientToken } from '../call-abdm';
import type { UserTokens } from '../abha/user-tokens';

export interface CardSourceDeps {
  abha: () => Promise<AbhaClients>;
  tokens: UserTokens;
  held: HeldCardStore;
  now: () => number;
  /** The patient's name from the profile the desk was shown, for a made card's title and text; null when not kept. */
  patientName?: (abhaNumber: string) => string | null;
}

/** What can be served without the patient's token, and until when (ISO); no formats and null when nothing is held. */
export interface HeldCardInfo {
  formats: CardFormat[];
  heldUntil: string | null;
}

/** The failures after which the held card serves: no session (or it was refused), or ABDM out of reach. */
const SERVED_FROM_HELD = new Set(['VERIFY_AGAIN', 'ABDM_UNREACHABLE', 'ABDM_TIMEOUT']);

export class CardSource {
  constructor(private readonly deps: CardSourceDeps) {
    // A card held past its day is deleted at the next start, whatever the time of day the app closed.
    deps.held.deleteEnded(this.nowIso());
  }

  async read(abhaNumber: string, format: CardFormat): Promise<Buffer> {
    this.deps.held.deleteEnded(this.nowIso());
    try {
      const bytes = await callWithPatientToken(this.deps, abhaNumber, (clients, token) => readCardFile(clients, format, token, this.title(abhaNumber)));
      this.hold(abhaNumber, format, bytes);
      return bytes;
    } catch (error) {
      if (!(error instanceof AppFailure && SERVED_FROM_HELD.has(error.code))) throw error;
      const held = await this.fromHeld(abhaNumber, format);
      if (held) return held;
      throw error;
    }
  }

  info(abhaNumber: string): HeldCardInfo {
    const now = this.nowIso();
    this.deps.held.deleteEnded(now);
    const { formats, heldUntil } = this.deps.held.formats(abhaNumber, now);
    const servable = new Set<CardFormat>(formats);
    if (servable.has('png')) ['pdf', 'svg'].forEach((made) => servable.add(made as CardFormat));
    return { formats: (['png', 'pdf', 'svg', 'qr'] as const).filter((format) => servable.has(format)), heldUntil };
  }

  private async fromHeld(abhaNumber: string, format: CardFormat): Promise<Buffer | null> {
    const now = this.nowIso();
    const exact = this.deps.held.get(abhaNumber, format as HeldCardFormat, now);
    if (exact) return exact.bytes;
    if (format !== 'pdf' && format !== 'svg') return null;
    const png = this.deps.held.get(abhaNumber, 'png', now);
    if (!png) return null;
    const title = this.title(abhaNumber);
    return format === 'pdf' ? pdfAroundPng(png.bytes, title) : svgAroundPng(png.bytes, title);
  }

  private hold(abhaNumber: string, format: CardFormat, bytes: Buffer): void {
    const now = this.deps.now();
    this.deps.held.hold({ abhaNumber, format, bytes, fetchedAt: new Date(now).toISOString(), heldUntil: endOfLocalDay(now).toISOString() });
  }

  private title(abhaNumber: string): string {
    return cardTitle(abhaNumber, this.deps.patientName?.(abhaNumber) ?? null);
  }

  private nowIso(): string {
    return new Date(this.deps.now()).toISOString();
  }
}

/** The next local midnight after `ms`: a card is held for the rest of the day it was fetched on. */
export function endOfLocalDay(ms: number): Date {
  const at = new Date(ms);
  return new Date(at.getFullYear(), at.getMonth(), at.getDate() + 1);
}

/** "ABHA card of Asha Devi Verma, 91-4820-1736-5529": a made PDF's title and text layer, an SVG's title. */
export function cardTitle(abhaNumber: string, name: string | null = null): string {
  return name ? `ABHA card of ${name}, ${abhaNumber}` : `ABHA card ${abhaNumber}`;
}
