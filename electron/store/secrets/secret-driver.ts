// One place that keeps secrets (the keychain, the secrets file, memory), as the vault sees it. Its own file so the
// secrets file driver can name it without importing the vault that opens it (no import circle).
export interface SecretDriver {
  get(account: string): Promise<string | null>;
  set(account: string, value: string): Promise<void>;
  delete(account: string): Promise<boolean>;
}
