// The admin PIN that guards the connection settings (electron/shared/connection-settings.ts). Main enforces it:
// settings.update changing one of them, and storing the client secret or the relay credential, are refused with
// ADMIN_PIN_REQUIRED unless the PIN unlocked them within the last ten minutes (and Settings has not been left since:
// the screen locks again as it closes). The first change asks for a PIN to be set; five wrong PINs in a row mean a
// fifteen-minute wait, kept in admin-pin.json so a restart does not end it. Why these choices: docs/decisions.md.
import { AppFailure } from '../shared/errors';
import { AdminPinFile, type AdminPinState } from '../store/settings/admin-pin-file';
import type { Vault } from '../store/secrets/vault';
import { CLIENT_SECRET_ACCOUNT } from './abdm-connection';
import { RELAY_CREDENTIAL_ACCOUNT } from '../gateway/bridge-part';
import { hashPin, pinMatches } from './pin-hash';

export const PIN_UNLOCK_MINUTES = 10;
export const PIN_TRIES = 5;
export const PIN_WAIT_MINUTES = 15;
const MINUTE = 60_000;

/** What Settings needs to show the connection settings locked or open, and the PIN dialog's words. */
export interface ConnectionAccess {
  /** `none`: no PIN yet, the first change sets one; `unreadable`: admin-pin.json is damaged and only the reset helps. */
  pin: 'none' | 'set' | 'unreadable';
  /** ISO time until which changes are allowed without the PIN again; null while locked. */
  unlockedUntil: string | null;
  /** Wrong PINs still allowed before the wait. */
  triesLeft: number;
  /** ISO time from which a PIN may be tried again; null when there is no wait. */
  retryAt: string | null;
  /** How long an unlock lasts, and the wait after the last wrong try, in minutes (for the dialog's words). */
  unlockMinutes: number;
  waitMinutes: number;
}

export class AdminPin {
  private unlockedUntil: number | null = null;
  // One PIN operation at a time, so two quick tries cannot both read the same count of wrong tries.
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly file: AdminPinFile,
    private readonly now: () => number = Date.now,
  ) {}

  access(): ConnectionAccess {
    const content = this.file.read();
    const unlocked = this.isUnlocked(content.kind) ? this.unlockedUntil : null;
    const state = content.kind === 'set' ? this.afterWait(content.state) : undefined;
    const waiting = state?.retryAt ?? null;
    return {
      pin: content.kind,
      unlockedUntil: unlocked === null ? null : new Date(unlocked).toISOString(),
      triesLeft: state ? Math.max(0, PIN_TRIES - state.failedTries) : PIN_TRIES,
      retryAt: waiting === null ? null : new Date(waiting).toISOString(),
      unlockMinutes: PIN_UNLOCK_MINUTES,
      waitMinutes: PIN_WAIT_MINUTES,
    };
  }

  /** Throws ADMIN_PIN_REQUIRED (with why) unless the connection settings are unlocked now. */
  requireUnlocked(): void {
    const { kind } = this.file.read();
    if (this.isUnlocked(kind)) return;
    throw new AppFailure('ADMIN_PIN_REQUIRED', { params: { reason: kind === 'set' ? 'locked' : kind === 'none' ? 'not-set' : 'unreadable' } });
  }

  /** Sets the first PIN, or changes it while unlocked; either way the settings are then unlocked. */
  setPin(pin: string): Promise<ConnectionAccess> {
    return this.serially(async () => {
      const { kind } = this.file.read();
      if (kind !== 'none') this.requireUnlocked();
      await this.file.write({ pin: await hashPin(pin), failedTries: 0, retryAt: null });
      this.unlockedUntil = this.now() + PIN_UNLOCK_MINUTES * MINUTE;
      return this.access();
    });
  }

  unlock(pin: string): Promise<ConnectionAccess> {
    return this.serially(async () => {
      const content = this.file.read();
      if (content.kind !== 'set') throw new AppFailure('ADMIN_PIN_REQUIRED', { params: { reason: content.kind === 'none' ? 'not-set' : 'unreadable' } });
      const state = this.afterWait(content.state);
      if (state.retryAt !== null) throw this.lockedOut(state.retryAt);
      if (await pinMatches(pin, state.pin)) {
        if (content.state.failedTries > 0 || content.state.retryAt !== null) await this.file.write({ ...state, failedTries: 0, retryAt: null });
        this.unlockedUntil = this.now() + PIN_UNLOCK_MINUTES * MINUTE;
        return this.access();
      }
      return this.wrongPin(state);
    });
  }

  /** Settings was left (or opened afresh): the next change needs the PIN again. */
  lock(): ConnectionAccess {
    this.unlockedUntil = null;
    return this.access();
  }

  private async wrongPin(state: AdminPinState): Promise<never> {
    const failedTries = state.failedTries + 1;
    const retryAt = failedTries >= PIN_TRIES ? this.now() + PIN_WAIT_MINUTES * MINUTE : null;
    await this.file.write({ ...state, failedTries, retryAt });
    this.unlockedUntil = null;
    if (retryAt !== null) throw this.lockedOut(retryAt);
    const triesLeft = PIN_TRIES - failedTries;
    // The last try gets words of its own ("1 try left" is not "1 tries left", and it is the one to be careful with).
    throw new AppFailure('ADMIN_PIN_WRONG', { params: { triesLeft, minutes: PIN_WAIT_MINUTES, ...(triesLeft === 1 ? { reason: 'last-try' } : {}) } });
  }

  private lockedOut(retryAt: number): AppFailure {
    return new AppFailure('ADMIN_PIN_LOCKED_OUT', { params: { retryAt: new Date(retryAt).toISOString(), minutes: PIN_WAIT_MINUTES } });
  }

  /** A wait that has ended gives all the tries back. */
  private afterWait(state: AdminPinState): AdminPinState {
    return state.retryAt !== null && state.retryAt <= this.now() ? { ...state, failedTries: 0, retryAt: null } : state;
  }

  private isUnlocked(kind: 'none' | 'set' | 'unreadable'): boolean {
    // An unlock belongs to the PIN that granted it: after a reset (file gone) or damage, it is void.
    return kind === 'set' && this.unlockedUntil !== null && this.now() < this.unlockedUntil;
  }

  private serially<T>(run: () => Promise<T>): Promise<T> {
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

/**
 * Opens the PIN kept in `folder`. A reset requested there (docs/operator-guide.md, "A forgotten admin PIN") is carried
 * out first: the client secret and the relay credential are removed with the PIN, so whoever resets it must have the
 * clinic's ABDM credentials to connect the desk anywhere again. Returns what to tell the log, if anything.
 */
export async function openAdminPin(opts: { folder: string; vault: Vault; now?: () => number }): Promise<{ adminPin: AdminPin; notice?: string }> {
  const file = new AdminPinFile(opts.folder);
  const adminPin = new AdminPin(file, opts.now);
  if (!file.resetRequested()) return { adminPin };
  await opts.vault.delete(CLIENT_SECRET_ACCOUNT);
  await opts.vault.delete(RELAY_CREDENTIAL_ACCOUNT);
  file.removePinAndResetRequest();
  return { adminPin, notice: `The admin PIN was reset (${file.file} removed on request), and with it the client secret and the relay credential: the next change to the connection settings sets a new PIN.` };
}
