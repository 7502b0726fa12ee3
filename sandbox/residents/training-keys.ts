// The Aadhaar keys of the training table's fictional residents (sandbox/training-identities.ts), made once per seed
// per process: the key is slow on purpose (scrypt, ~60 ms of CPU), and training and the tests enrol and log in these
// few people again and again, each time in a new simulator. Any other number is derived afresh at every request, so
// the sandbox still keeps no Aadhaar number it was sent, not even in memory.
import { remembered } from '../remembered';
import { findTrainingIdentity } from '../training-identities';
import { aadhaarKey } from './identity';

const trainingKeys = remembered<string>();

/** aadhaarKey, remembered for the training table's numbers. */
export function residentKey(aadhaar: string, seed: string): Promise<string> {
  if (!findTrainingIdentity(aadhaar)) return aadhaarKey(aadhaar, seed);
  return trainingKeys(`${seed}\n${aadhaar}`, () => aadhaarKey(aadhaar, seed));
}
