// Granted artefacts whose records were never asked for (the grant was applied while the desk had no data-push address:
// before the relay's hello, or before the bridge listened), read from a hand-built database state. The HIU engine's
// sweep asks for their records once an address is known (electron/services/hiu/health-information.ts).
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ConsentStore } from '../../../electron/store/hiu/consents';
import { openTestDatabase, type TestDatabase } from '../bridge/bridge-support';

let test: TestDatabase;
beforeEach(async () => {
  test = await openTestDatabase();
  test.database.db
    .prepare(
      `INSERT INTO consent_requests (id, gateway_id, patient_id, hiu_id, purpose_code, hi_types, date_from, date_to, data_erase_at, requester, status, created_at, updated_at)
       VALUES ('cr-1', 'gw-1', 'asha.verma@sbx', 'HIU-TEST', 'CAREMGT', '[]', ?, ?, ?, '{}', 'GRANTED', ?, ?)`,
    )
    .run(AT, AT, LATER, AT, AT);
});
afterEach(() => test.dispose());

const AT = '2024-06-20T09:00:00.000Z';
const NOW = '2024-06-20T10:00:00.000Z';
const LATER = '2024-07-20T10:00:00.000Z';

function artefact(id: string, opts: { status?: string; detail?: string | null; eraseAt?: string; erasedAt?: string | null; hipId?: string | null } = {}): void {
  test.database.db
    .prepare(
      `INSERT INTO consent_artefacts (id, consent_request_id, status, hip_id, patient_id, date_from, date_to, data_erase_at, detail, erased_at, updated_at)
       VALUES (?, 'cr-1', ?, ?, 'asha.verma@sbx', ?, ?, ?, ?, ?, ?)`,
    )
    .run(id, opts.status ?? 'GRANTED', opts.hipId === undefined ? 'HIP-1' : opts.hipId, AT, NOW, opts.eraseAt ?? LATER, opts.detail === undefined ? '{}' : opts.detail, opts.erasedAt ?? null, AT);
}

it('lists granted, fetched, live artefacts that never had a transfer, and no other', () => {
  artefact('waiting');
  artefact('has-transfer');
  test.database.db
    .prepare(
      `INSERT INTO data_transfers (id, artefact_id, secret_hash, public_key, nonce, date_from, date_to, status, created_at, updated_at, ended_at)
       VALUES ('t-1', 'has-transfer', 'h', 'pk', 'n', ?, ?, 'TRANSFERRED', ?, ?, ?)`,
    )
    .run(AT, NOW, AT, AT, AT);
  artefact('not-fetched', { detail: null });
  artefact('revoked', { status: 'REVOKED' });
  artefact('erased', { erasedAt: AT });
  artefact('erase-date-passed', { eraseAt: AT });
  artefact('no-hip', { hipId: null });
  expect(new ConsentStore(test.database.db).awaitingFirstTransfer(NOW).map((a) => a.id)).toEqual(['waiting']);
});
