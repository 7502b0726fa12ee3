// keytar is an optional dependency (package.json): `npm ci` leaves it out where it cannot be built (no libsecret-1-dev
// or no compiler), and its own types go with it. The functions ABHA Desk uses are declared here, so the type check
// passes either way; keytar-driver.ts turns a missing module into a keychain that cannot be used.
declare module 'keytar' {
  export function getPassword(service: string, account: string): Promise<string | null>;
  export function setPassword(service: string, account: string, password: string): Promise<void>;
  export function deletePassword(service: string, account: string): Promise<boolean>;
  export function findCredentials(service: string): Promise<Array<{ account: string; password: string }>>;
}
