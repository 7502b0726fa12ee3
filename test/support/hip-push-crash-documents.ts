// The 20 documents of the HIP push crash test (test/integration/hip-push-crash.test.ts), known to the child that
// pushes them (hip-push-crash-child.ts) and to the test that checks what the HIU received.
import { bundleText, type HeldDocument } from '../unit/hip/data-flow-kit';

export const CRASH_HIP_ID = 'IN2810014366';

export const CRASH_DOCUMENTS: HeldDocument[] = Array.from({ length: 20 }, (_, i) => ({
  id: `crash-doc-${String(i + 1).padStart(2, '0')}`,
  visitId: i < 10 ? 'visit-a' : 'visit-b',
  patientNumber: 'OPD-000001',
  kind: i % 2 === 0 ? 'Prescription' : 'DiagnosticReport',
  date: '2026-11-27',
  bundle: bundleText(`crash-doc-${i + 1}`, `पृष्ठ ${i + 1}: ${'रिपोर्ट '.repeat(200)}`),
}));
