/** Raised for every Fidelius failure: bad key material, bad input, or failed authentication. */
export class FideliusError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FideliusError';
  }
}
