// POSTs one page to the HIU's dataPushUrl (gateway-v05.md §2.15): straight to the HIU, not through the gateway, and
// with no gateway token (HIPs send none in practice; the HIU checks the transaction id and that the data decrypts).
// A page is retried with backoff on a network failure, a timeout, 408, 429 or 5xx, a bounded number of times; any
// other answer ends it at once. Only a 2xx counts as delivered.

/** Pauses before each retry of a page: about 2 minutes in all, well inside ABDM's 2-hour limit for a transfer. */
export const PAGE_RETRY_DELAYS_MS = [1_000, 3_000, 10_000, 30_000, 60_000] as const;
export const PAGE_TIMEOUT_MS = 60_000;

export interface PagePostOptions {
  retryDelaysMs: readonly number[];
  timeoutMs: number;
  /** Aborts the attempt in flight and any wait (the app closes). */
  signal: AbortSignal;
  fetch?: typeof fetch;
}

export class PageNotDelivered extends Error {}

/** Resolves once the HIU answered 2xx; throws PageNotDelivered when it never did. */
export async function postPage(url: string, body: unknown, options: PagePostOptions): Promise<void> {
  const send = options.fetch ?? fetch;
  const text = JSON.stringify(body);
  let last = '';
  for (let attempt = 0; ; attempt += 1) {
    if (options.signal.aborted) throw new PageNotDelivered('stopped');
    let retryable = true;
    try {
      const response = await send(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: text,
        signal: AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.status >= 200 && response.status < 300) return;
      last = `HTTP ${response.status}`;
      retryable = response.status === 408 || response.status === 429 || response.status >= 500;
    } catch (error) {
      if (options.signal.aborted) throw new PageNotDelivered('stopped');
      last = error instanceof Error ? (error.name === 'TimeoutError' ? 'timed out' : 'unreachable') : 'unreachable';
    }
    const delay = options.retryDelaysMs[attempt];
    if (!retryable || delay === undefined) throw new PageNotDelivered(`not accepted after ${attempt + 1} attempt(s): ${last}`);
    await wait(delay, options.signal);
  }
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
