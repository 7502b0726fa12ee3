// What a desk claims at the relay after each hello: the ids of everything it still waits to hear about, and nothing
// it is done with, read from a hand-built database state.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPEN_KEY_QUERIES, RelayExpectations } from '../../../electron/store/hiu/relay-expectations';
import { openTestDatabase, type TestDatabase } from '../bridge/bridge-support';

let test: TestDatabase;
beforeEach(async () => {
  test = await openTestDatabase();
});
afterEach(() => test.dispose());

const NOW = Date.parse('2024-06-20T10:00:00.000Z');
const RECENT = '2024-06-20T09:00:00.000Z';
const FIVE_WEEKS_AGO = '2024-05-16T09:00:00.000Z';
const HASH_LIVE = '1111111111111111111111111111111111111111111111111111111111111111';
const HASH_LIVE_NO_TXN = '2222222222222222222222222222222222222222222222222222222222222222';
const HASH_ENDED = '3333333333333333333333333333333333333333333333333333333333333333';

function outbox(requestId: string, state: string, opts: { expectsAnswer?: boolean; createdAt?: string } = {}): void {
  test.database.db
    .prepare(
      `INSERT INTO outbox (request_id, operation, path, headers, body, state, expects_answer, created_at, updated_at)
       VALUES (?, 'consentRequests.init', '/v0.5/consent-requests/init', '{}', '{}', ?, ?, ?, ?)`,
    )
    .run(requestId, state, opts.expectsAnswer === false ? 0 : 1, opts.createdAt ?? RECENT, opts.createdAt ?? RECENT);
}

function consentRequest(id: string, gatewayId: string | null, status: string): void {
  test.database.db
    .prepare(
      `INSERT INTO consent_requests (id, gateway_id, patient_id, hiu_id, purpose_code, hi_types, date_from, date_to, data_erase_at, requester, status, created_at, updated_at)
       VALUES (?, ?, 'asha.verma@sbx', 'HIU-TEST', 'CAREMGT', '[]', ?, ?, ?, '{}', ?, ?, ?)`,
    )
    .run(id, gatewayId, RECENT, RECENT, RECENT, status, RECENT, RECENT);
}

function artefact(id: string, consentRequestId: string, status: string, erasedAt: string | null = null): void {
  test.database.db
    .prepare(`INSERT INTO consent_artefacts (id, consent_request_id, status, patient_id, erased_at, updated_at) VALUES (?, ?, ?, 'asha.verma@sbx', ?, ?)`)
    .run(id, consentRequestId, status, erasedAt, RECENT);
}

function transfer(id: string, artefactId: string, secretHash: string, transactionId: string | null, endedAt: string | null = null): void {
  test.database.db
    .prepare(
      `INSERT INTO data_transfers (id, artefact_id, transaction_id, secret_hash, public_key, nonce, date_from, date_to, status, created_at, updated_at, ended_at)
       VALUES (?, ?, ?, ?, 'pk', 'nonce', ?, ?, 'REQUESTED', ?, ?, ?)`,
    )
    .run(id, artefactId, transactionId, secretHash, RECENT, RECENT, RECENT, RECENT, endedAt);
}

function subscription(id: string, gatewayId: string | null, status: string, subscriptionId: string | null = null): void {
  test.database.db
    .prepare(
      `INSERT INTO subscription_requests (id, gateway_id, patient_id, hiu_id, purpose_code, categories, period_from, period_to, status, subscription_id, created_at, updated_at)
       VALUES (?, ?, 'asha.verma@sbx', 'HIU-TEST', 'CAREMGT', '["LINK"]', ?, ?, ?, ?, ?, ?)`,
    )
    .run(id, gatewayId, RECENT, RECENT, status, subscriptionId, RECENT, RECENT);
}

describe('RelayExpectations.keys', () => {
  it('is empty for a desk with nothing under way', () => {
    expect(new RelayExpectations(test.database.db).keys(NOW)).toEqual([]);
  });

  it('claims what the desk still waits for, and nothing it is done with', () => {
    // Requests: waiting for an answer (three states, and timed out: a late answer still revives it), done (two), an
    // acknowledgement, and one from five weeks ago.
    outbox('req-queued', 'queued');
    outbox('req-sent', 'sent');
    outbox('req-accepted', 'accepted');
    outbox('req-answered', 'answered');
    outbox('req-refused', 'refused');
    outbox('req-timed-out', 'timed-out');
    outbox('ack-accepted', 'accepted', { expectsAnswer: false });
    outbox('req-forgotten', 'accepted', { createdAt: FIVE_WEEKS_AGO });

    // Consent requests and their artefacts.
    consentRequest('cr-sending', null, 'SENDING');
    consentRequest('cr-requested', 'gw-requested', 'REQUESTED');
    consentRequest('cr-granted', 'gw-granted', 'GRANTED');
    artefact('art-live', 'cr-granted', 'GRANTED');
    artefact('art-revoked', 'cr-granted', 'REVOKED');
    consentRequest('cr-granted-erased', 'gw-granted-erased', 'GRANTED');
    artefact('art-erased', 'cr-granted-erased', 'GRANTED', RECENT);
    consentRequest('cr-denied', 'gw-denied', 'DENIED');
    consentRequest('cr-revoked', 'gw-revoked', 'REVOKED');

    // Transfers: one with a transaction id from on-request, one still without, one ended.
    transfer('tr-live', 'art-live', HASH_LIVE, 'txn-live');
    transfer('tr-no-txn', 'art-live', HASH_LIVE_NO_TXN, null);
    transfer('tr-ended', 'art-erased', HASH_ENDED, 'txn-ended', RECENT);

    // Subscriptions: asked (with and without the CM's id yet), granted, denied.
    subscription('sr-asked', 'sgw-asked', 'REQUESTED');
    subscription('sr-unsent', null, 'REQUESTED');
    subscription('sr-granted', 'sgw-granted', 'GRANTED', 'sub-granted');
    subscription('sr-denied', 'sgw-denied', 'DENIED');

    expect(new RelayExpectations(test.database.db).keys(NOW).sort()).toEqual(
      [
        'request:req-queued',
        'request:req-sent',
        'request:req-accepted',
        'request:req-timed-out',
        `push:${HASH_LIVE}`,
        'transaction:txn-live',
        `push:${HASH_LIVE_NO_TXN}`,
        'consent-request:gw-requested',
        'consent-request:gw-granted',
        'consent:art-live',
        'subscription-request:sgw-asked',
        'subscription-request:sgw-granted',
        'subscription:sub-granted',
      ].sort(),
    );
  });

  it('reads only open rows through an index: no query scans a whole table (a partial index holds only open rows)', () => {
    const db = test.database.db;
    const partial = new Set(db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND sql LIKE '% WHERE %'`).pluck().all() as string[]);
    const wholeTable = (step: string) => /^SCAN /.test(step) && !partial.has(/ USING (?:COVERING )?INDEX (\S+)/.exec(step)?.[1] ?? '');
    for (const [name, sql] of Object.entries(OPEN_KEY_QUERIES)) {
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...(sql.includes('?') ? ['2024-01-01'] : [])) as { detail: string }[]).map((row) => row.detail);
      expect(plan.filter(wholeTable), `${name}: ${plan.join(' / ')}`).toEqual([]);
    }
  });
});
