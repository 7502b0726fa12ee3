// The one way ABHA Desk writes a file for the operator (a saved card, a web-mode print page). These files carry
// the patient's name, date of birth and mobile, so: mode 0600, never through a link at the target (O_NOFOLLOW:
// a planted link fails with ELOOP instead of sending the card elsewhere), and an existing file is replaced only
// when the caller says the operator agreed to it (replace); otherwise O_EXCL makes it fail with EEXIST.
import { constants, promises as fs } from 'node:fs';

// Windows has no O_NOFOLLOW (Node leaves it undefined); there the flag is simply absent.
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;

export async function writePrivateFile(file: string, data: string | Uint8Array, options: { replace: boolean }): Promise<void> {
  const flags = constants.O_WRONLY | constants.O_CREAT | O_NOFOLLOW | (options.replace ? constants.O_TRUNC : constants.O_EXCL);
  const handle = await fs.open(file, flags, 0o600);
  try {
    // The mode above applies only to a file this call creates; a replaced file keeps its old mode unless changed.
    // Done before writing, so the new contents are never readable by others.
    await handle.chmod(0o600);
    await handle.writeFile(data);
  } catch (error) {
    await handle.close();
    // A file this call created and could not fill is removed rather than left half-written.
    if (!options.replace) await fs.rm(file, { force: true });
    throw error;
  }
  await handle.close();
}
