// The Trainer button (training only): "a patient scans this counter". A random training patient's ABHA app shares
// their profile at the counter: the simulator signs the share and sends it to this desk's bridge as ABDM would
// (`POST /_sandbox/hip/share`, docs/sandbox.md), so the whole path (bridge, token, on-share, board) runs as in a clinic.
import { AppFailure } from '../../shared/errors';
import type { Settings } from '../../store/settings/settings-schema';

/**
 * The simulator's residents who hold an ABHA address before any enrolment (sandbox/training-identities.ts and the
 * family of three, docs/operator-guide.md "Training mode"). Named here, not imported: the app never imports the
 * simulator's code (docs/architecture.md, layers).
 */
export const TRAINING_SHARERS = ['asha.verma@sbx', 'meena.joshi@sbx', 'rohan.joshi@sbx', 'anaya.joshi@sbx'] as const;

export interface TrainerShareDeps {
  settings: () => Settings;
  /** The running simulator's own address (`http://127.0.0.1:<port>`), started if need be. */
  simulatorUrl: () => Promise<string>;
  /** A number in [0, 1): which training patient scans. */
  random?: () => number;
  fetch?: typeof fetch;
}

const WAIT_MS = 10_000;

export class TrainerShare {
  constructor(private readonly deps: TrainerShareDeps) {}

  async share(input: { counterId: string }): Promise<{ sent: true }> {
    const settings = this.deps.settings();
    // Outside training the button would make a real-looking share out of nothing: refused, whatever the page asks.
    if (settings.environment !== 'training') throw new AppFailure('FORBIDDEN');
    const hipId = settings.hipId?.trim();
    if (!hipId) throw new AppFailure('HIP_ID_MISSING');
    if (!settings.counters?.some((c) => c.id === input.counterId)) throw new AppFailure('NOT_FOUND', { params: { what: 'counter', id: input.counterId } });
    const abhaAddress = TRAINING_SHARERS[Math.floor((this.deps.random ?? Math.random)() * TRAINING_SHARERS.length)] ?? TRAINING_SHARERS[0];
    const url = new URL('/_sandbox/hip/share', await this.deps.simulatorUrl());
    let answer: Response;
    try {
      answer = await (this.deps.fetch ?? fetch)(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ hipId, counterId: input.counterId, abhaAddress }),
        signal: AbortSignal.timeout(WAIT_MS),
      });
    } catch (cause) {
      throw new AppFailure('ABDM_UNREACHABLE', {}, { cause });
    }
    // The simulator answers { requestId, bridgeStatus } once it has sent the share; the board shows the rest.
    if (!answer.ok) throw new AppFailure('ABDM_BAD_ANSWER', { params: { status: answer.status } });
    return { sent: true };
  }
}
