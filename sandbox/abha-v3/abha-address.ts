import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { AbdmError } from '../errors';
import { normaliseRequestedAddress } from '../healthid/accounts';
import type { Account } from '../state';
import { AbhaV3Error, invalidField } from './errors';
import { bodyOf, stringAt, txnIdAt } from './fields';
import { enrolmentAt, invalidTransaction, type V3EnrolTransaction } from './transactions';

// Choosing the ABHA address after enrolment (reference/spec/abdm-v3.md §2 item 4). The address rules are v1's
// (sandbox/healthid/accounts.ts: 4–32 characters, letters, digits and dots, no leading digit, no dot at an end),
// so an address made through either generation is valid in both. Addresses end in @sbx.

const SUGGESTIONS = 8;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function accountOfEnrolment(ctx: SandboxContext, txn: V3EnrolTransaction): Account {
  const account = txn.healthIdNumber ? ctx.state.findByHealthIdNumber(txn.healthIdNumber) : undefined;
  if (!account) throw invalidTransaction('the account of this enrolment no longer exists.');
  return account;
}

/** A valid, free address for `candidate` (without @sbx), or null. */
function available(ctx: SandboxContext, candidate: string): string | null {
  try {
    const address = normaliseRequestedAddress(candidate);
    return ctx.state.findByAddress(address) ? null : address.replace(/@sbx$/, '');
  } catch {
    return null;
  }
}

/** Name-and-birth-date combinations, like the real list; taken or rule-breaking ones are left out. */
export function suggestAddresses(ctx: SandboxContext, account: Account): string[] {
  const first = account.firstName.toLowerCase().replace(/[^a-z]/g, '');
  const last = account.lastName.toLowerCase().replace(/[^a-z]/g, '');
  const { dayOfBirth: d, monthOfBirth: m, yearOfBirth: y } = account;
  const dm = `${d.padStart(2, '0')}${m.padStart(2, '0')}`;
  const raw = [`${first}.${last}`, `${first}${last}`, `${first}.${last}${y}`, `${first}${y}`, `${first}.${y}`, `${first}${last}${dm}`,
    `${first}.${last}.${d}`, `${last}.${first}`, `${first}${dm}${y}`, `${first}.${last}${y.slice(-2)}`, `${last}${first}${y}`];
  const unique = [...new Set(raw.map((c) => available(ctx, c)).filter((c): c is string => c !== null))];
  return unique.slice(0, SUGGESTIONS);
}

function transactionIdHeader(request: FastifyRequest): string {
  const raw = request.headers['transaction_id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !UUID.test(value)) throw invalidTransaction('TRANSACTION_ID header must carry the enrolment txnId.');
  return value;
}

function chosenAddress(ctx: SandboxContext, requested: string, account: Account): string {
  let address: string;
  try {
    address = normaliseRequestedAddress(requested);
  } catch (err) {
    throw invalidField('abhaAddress', err instanceof AbdmError ? err.message : 'Invalid ABHA Address');
  }
  const holder = ctx.state.findByAddress(address);
  if (holder && holder !== account) {
    throw new AbhaV3Error(400, 'ABDM-1101', 'This ABHA Address already exists. Please choose another one', 'wrapped');
  }
  return address;
}

export function abhaAddressRoutes(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/enrollment/enrol/suggestion', async (request) => {
      const txn = enrolmentAt(ctx, transactionIdHeader(request), ['ENROLLED', 'MOBILE_OTP_SENT']);
      return { txnId: txn.txnId, abhaAddressList: suggestAddresses(ctx, accountOfEnrolment(ctx, txn)) };
    });

    app.post('/enrollment/enrol/abha-address', async (request) => {
      const body = bodyOf(request.body);
      const txn = enrolmentAt(ctx, txnIdAt(body), ['ENROLLED', 'MOBILE_OTP_SENT']);
      const preferred = body.preferred;
      if (preferred !== 1 && preferred !== '1') throw invalidField('preferred', 'Invalid Preferred Flag');
      const account = accountOfEnrolment(ctx, txn);
      const address = chosenAddress(ctx, stringAt(body, 'abhaAddress', 'Invalid ABHA Address'), account);
      ctx.state.changeAddress(account, address);
      return { txnId: txn.txnId, healthIdNumber: account.healthIdNumber, preferredAbhaAddress: address };
    });
  };
}
