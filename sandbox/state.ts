import { randomUUID } from 'node:crypto';
import { closeSync, constants, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { AbhaV3Transaction } from './abha-v3/transactions';
import type { Resident } from './residents/synthetic-resident';

/** An ABHA account. Holds no Aadhaar number: only its scrypt key and last four digits. */
export interface Account extends Omit<Resident, 'aadhaarMobile'> {
  healthIdNumber: string;
  healthId: string;
  aadhaarKey: string;
  aadhaarLast4: string;
  mobile: string;
  email: string | null;
  profilePhoto: string | null;
  authMethods: string[];
  createdAt: number;
}

export interface OtpChallenge {
  /** Send times (ms), first send included. */
  sentAt: number[];
  failedAttempts: number;
  expiresAt: number;
}

export type RegistrationStep = 'AADHAAR_OTP_SENT' | 'AADHAAR_VERIFIED' | 'MOBILE_OTP_SENT' | 'MOBILE_VERIFIED' | 'COMPLETED';

export interface RegistrationTransaction {
  kind: 'registration';
  txnId: string;
  createdAt: number;
  step: RegistrationStep;
  aadhaarKey: string;
  aadhaarLast4: string;
  resident: Resident;
  mobile: string | null;
  otp: OtpChallenge;
}

export interface LoginTransaction {
  kind: 'login';
  txnId: string;
  createdAt: number;
  step: 'OTP_SENT' | 'COMPLETED';
  healthIdNumber: string;
  otp: OtpChallenge;
}

/** v3 transactions share the map so reset and expiry treat them alike (sandbox/abha-v3/transactions.ts). */
export type Transaction = RegistrationTransaction | LoginTransaction | AbhaV3Transaction;

interface StateFileContent {
  version: 1;
  accounts: Account[];
}

/**
 * Everything the sandbox remembers. Accounts may be persisted to a JSON file (training mode keeps it in the app's
 * data folder, so an ABHA made in training is still there tomorrow); transactions and OTP counters live in memory
 * only, like short-lived server state.
 */
export class SandboxState {
  readonly accounts = new Map<string, Account>();
  readonly transactions = new Map<string, Transaction>();
  /** Times at which OTP transactions were opened, per identity (Aadhaar key or ABHA number). */
  readonly otpTransactionLog = new Map<string, number[]>();
  private readonly byAddress = new Map<string, Account>();
  private readonly byAadhaarKey = new Map<string, Account>();

  constructor(
    private readonly seedAccounts: () => Account[],
    private readonly stateFile?: string,
  ) {
    this.load();
  }

  addAccount(account: Account): void {
    this.accounts.set(account.healthIdNumber, account);
    this.byAddress.set(account.healthId.toLowerCase(), account);
    this.byAadhaarKey.set(account.aadhaarKey, account);
    this.save();
  }

  /** A new preferred ABHA address (ABHA v3 enrolment): the old one stops naming the account. */
  changeAddress(account: Account, address: string): void {
    if (this.byAddress.get(account.healthId.toLowerCase()) === account) this.byAddress.delete(account.healthId.toLowerCase());
    account.healthId = address;
    this.addAccount(account);
  }

  findByHealthIdNumber(healthIdNumber: string): Account | undefined {
    return this.accounts.get(healthIdNumber);
  }

  findByAddress(address: string): Account | undefined {
    return this.byAddress.get(address.toLowerCase());
  }

  findByAadhaarKey(key: string): Account | undefined {
    return this.byAadhaarKey.get(key);
  }

  countAccountsWithMobile(mobile: string): number {
    return [...this.accounts.values()].filter((a) => a.mobile === mobile).length;
  }

  /** Back to the state of a fresh start: training identities only, no transactions. */
  reset(): void {
    this.clearMemory();
    for (const account of this.seedAccounts()) this.indexAccount(account);
    this.save();
  }

  private clearMemory(): void {
    this.accounts.clear();
    this.byAddress.clear();
    this.byAadhaarKey.clear();
    this.transactions.clear();
    this.otpTransactionLog.clear();
  }

  private load(): void {
    if (!this.stateFile || !existsSync(this.stateFile)) {
      this.reset();
      return;
    }
    let content: StateFileContent;
    try {
      content = JSON.parse(readFileSync(this.stateFile, 'utf8')) as StateFileContent;
    } catch (error) {
      throw new Error(`sandbox state file ${this.stateFile} could not be read (${error instanceof Error ? error.message : String(error)}); move it away to start with the training identities only`, { cause: error });
    }
    if (content?.version !== 1 || !Array.isArray(content.accounts)) {
      throw new Error(`sandbox state file ${this.stateFile} is not a version-1 sandbox state; move it away to start with the training identities only`);
    }
    this.clearMemory();
    for (const account of this.seedAccounts()) this.indexAccount(account);
    for (const account of content.accounts) this.indexAccount(account);
  }

  private indexAccount(account: Account): void {
    this.accounts.set(account.healthIdNumber, account);
    this.byAddress.set(account.healthId.toLowerCase(), account);
    this.byAadhaarKey.set(account.aadhaarKey, account);
  }

  private save(): void {
    if (!this.stateFile) return;
    const content: StateFileContent = { version: 1, accounts: [...this.accounts.values()] };
    writeFileDurably(this.stateFile, JSON.stringify(content, null, 2));
  }
}

// Windows has no O_NOFOLLOW (Node leaves it undefined) and cannot open a folder to flush it.
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * A fresh temporary file (0600: accounts carry names, birth dates and mobiles), flushed, then renamed over the old
 * one and the folder flushed: a crash or a kill leaves the old state or the new one, never half a file, and an
 * account the desk was told about is on disk before the answer goes out.
 */
function writeFileDurably(file: string, text: string): void {
  const folder = path.dirname(file);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const temporary = path.join(folder, `.${path.basename(file)}.${randomUUID()}.tmp`);
  const fd = openSync(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW, 0o600);
  try {
    const bytes = Buffer.from(text);
    for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done);
    fsyncSync(fd);
    closeSync(fd);
    renameSync(temporary, file);
  } catch (error) {
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
    rmSync(temporary, { force: true });
    throw error;
  }
  if (process.platform === 'win32') return;
  const folderFd = openSync(folder, constants.O_RDONLY);
  try {
    fsyncSync(folderFd);
  } finally {
    closeSync(folderFd);
  }
}
