// How main logs a failed IPC call: the channel and the error, never the input (it may carry personal data),
// and any Aadhaar-like number inside the error text masked, in case something quoted what it was given.
import { maskAadhaarInText } from '../shared/aadhaar-in-text';

export function logIpcError(channel: string, error: unknown): void {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  console.error(`[ipc] ${channel} failed: ${maskAadhaarInText(text)}`);
}
