// The counter's QR poster (issue 25): one a counter, saved as an A4 PDF or SVG, or printed. The QR holds ABDM's
// share-profile address for this facility and counter on the environment's PHR host (poster-url.ts); in training
// it holds the simulator's own address instead, so a trainer's poster can never send a patient's profile to ABDM.
import { AppFailure } from '../../shared/errors';
import { printGeometry } from '../../cards/print-layout';
import type { Settings } from '../../store/settings/settings-schema';
import type { DesktopPort, PrintOutcome, SaveOutcome } from '../desktop/desktop-port';
import { cardDate, safeFileName } from '../desktop/file-names';
import type { PosterFacts } from './poster-facts';
import { posterPdf } from './poster-pdf';
import { posterPrintHtml } from './poster-print';
import { posterSvg } from './poster-svg';
import { PHR_HOSTS, shareProfileUrl } from './poster-url';

export interface PosterDeps {
  settings: () => Settings;
  desktop: DesktopPort;
  /** The training simulator's own address (`http://127.0.0.1:<port>`), started if need be; asked only in training. */
  simulatorUrl: () => Promise<string>;
  now?: () => number;
}

export class CounterPosters {
  constructor(private readonly deps: PosterDeps) {}

  /** What the poster of `counterId` shows; HIP_ID_MISSING without a HIP id, NOT_FOUND for a counter Settings do not list. */
  async facts(counterId: string): Promise<PosterFacts> {
    const settings = this.deps.settings();
    const hipId = settings.hipId?.trim();
    if (!hipId) throw new AppFailure('HIP_ID_MISSING');
    const counter = settings.counters?.find((c) => c.id === counterId);
    if (!counter) throw new AppFailure('NOT_FOUND', { params: { what: 'counter', id: counterId } });
    const training = settings.environment === 'training';
    const phrBase = settings.environment === 'training' ? await this.deps.simulatorUrl() : PHR_HOSTS[settings.environment];
    return {
      facilityName: settings.hipName?.trim() || settings.clinicName?.trim() || hipId,
      hipId,
      counterId: counter.id,
      counterName: counter.name,
      url: shareProfileUrl(phrBase, hipId, counter.id),
      training,
    };
  }

  async save(input: { counterId: string; format: 'pdf' | 'svg' }): Promise<SaveOutcome> {
    const facts = await this.facts(input.counterId);
    const data = input.format === 'pdf' ? await posterPdf(facts) : Buffer.from(posterSvg(facts), 'utf8');
    return this.deps.desktop.save(`${this.fileName(facts)}.${input.format}`, input.format, data);
  }

  async print(input: { counterId: string }): Promise<PrintOutcome> {
    const facts = await this.facts(input.counterId);
    const fileName = this.fileName(facts);
    return this.deps.desktop.print({ title: fileName, fileName, geometry: printGeometry('a4'), html: posterPrintHtml(facts, fileName) });
  }

  /** `Counter-QR-1-OPD-Registration-28-11-2026`: what it is, which counter, the day it was made. */
  private fileName(facts: PosterFacts): string {
    const words = `${facts.counterId}-${facts.counterName}`.normalize('NFC').replace(/[^\p{L}\p{M}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 60);
    return safeFileName(`Counter-QR-${words}-${cardDate(new Date((this.deps.now ?? Date.now)()))}`);
  }
}
