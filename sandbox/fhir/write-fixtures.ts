import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_HIPS, DEMO_PATIENTS } from '../gateway/hiu/demo-directory';
import type { RecordSubject } from './fhir-types';
import { generateRecordBundle } from './generate-bundle';
import { HI_TYPES } from './ig-catalog';

// Writes one IG-6 document bundle per HI type for a demo patient.
// Usage: npx tsx sandbox/fhir/write-fixtures.ts <outDir> [--target-bytes N]

async function main(argv: string[]): Promise<void> {
  const outDir = argv[0];
  if (!outDir) throw new Error('Usage: write-fixtures.ts <outDir> [--target-bytes N]');
  const sizeFlag = argv.indexOf('--target-bytes');
  const targetBytes = sizeFlag >= 0 ? Number(argv[sizeFlag + 1]) : undefined;
  if (targetBytes !== undefined && !(Number.isInteger(targetBytes) && targetBytes > 0)) {
    throw new Error('--target-bytes must be a positive whole number of bytes');
  }
  mkdirSync(outDir, { recursive: true });
  const patient = DEMO_PATIENTS[0]!;
  const hip = DEMO_HIPS[0]!;
  for (const hiType of HI_TYPES) {
    const subject: RecordSubject = {
      patient,
      hip,
      practitioner: hip.practitioner,
      careContext: { patientReference: 'CCP-10231', careContextReference: `DEMO-${hiType}`, display: `${hiType} demo` },
      date: '2024-02-12T10:30:00.000Z',
    };
    const json = await generateRecordBundle(hiType, subject, targetBytes ? { targetBytes } : {});
    const file = path.join(outDir, `${hiType}.json`);
    writeFileSync(file, json);
    console.log(`${file}\t${json.length} bytes`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
