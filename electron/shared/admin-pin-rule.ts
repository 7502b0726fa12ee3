// What an admin PIN looks like (the PIN that guards the connection settings, electron/services/admin-pin.ts):
// 6 to 12 digits, so it is typed on a number pad and is not one of the 10,000 four-digit PINs. Pure: main checks
// it at the IPC door, the Settings dialog before sending.
export const ADMIN_PIN_MIN_DIGITS = 6;
export const ADMIN_PIN_MAX_DIGITS = 12;

export function isAdminPin(value: string): boolean {
  return /^\d+$/.test(value) && value.length >= ADMIN_PIN_MIN_DIGITS && value.length <= ADMIN_PIN_MAX_DIGITS;
}
