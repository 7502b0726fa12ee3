// A scripted stand-in for fetch: each call takes the next answer from the script and is recorded.

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

export type Answer = Response | Error | ((call: RecordedCall, signal: AbortSignal | undefined) => Response | Promise<Response>);

export interface FakeFetch {
  fetch: typeof fetch;
  calls: RecordedCall[];
}

export function fakeFetch(...script: Answer[]): FakeFetch {
  const calls: RecordedCall[] = [];
  const queue = [...script];
  const fetchImpl = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    const call: RecordedCall = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const answer = queue.shift();
    if (answer === undefined) throw new Error(`fake fetch: no answer scripted for call ${calls.length} (${call.method} ${call.url})`);
    if (answer instanceof Error) throw answer;
    if (typeof answer === 'function') return answer(call, init?.signal ?? undefined);
    return answer;
  };
  return { fetch: fetchImpl as typeof fetch, calls };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** What undici's fetch throws when the socket fails: a TypeError whose cause carries the errno code. */
export function networkError(code: string): TypeError {
  const cause = Object.assign(new Error(`${code} simulated`), { code });
  return new TypeError('fetch failed', { cause });
}

export function session(accessToken: string, expiresIn = 600, refreshToken = `refresh-${accessToken}`): Response {
  return json(200, { accessToken, expiresIn, refreshExpiresIn: 1800, refreshToken, tokenType: 'bearer' });
}

/** An answer that never comes: resolves only by the caller's abort signal. */
export function hang(): Answer {
  return (_call, signal) =>
    new Promise<Response>((_resolve, reject) => {
      signal?.addEventListener('abort', () => reject(signal.reason as Error));
    });
}
