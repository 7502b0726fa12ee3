// A local test SMS gateway: a real HTTP server that records every request it is sent (method, path, headers, the raw
// body) and answers with the status the test sets, or never answers (a gateway that hangs).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SmsServerCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface SmsServer {
  url: string;
  calls: SmsServerCall[];
  /** The status the next requests get (200 by default); 'hang' never answers. */
  answer: number | 'hang';
  close(): Promise<void>;
}

export async function startSmsServer(): Promise<SmsServer> {
  const state = { calls: [] as SmsServerCall[], answer: 200 as number | 'hang' };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      state.calls.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (state.answer === 'hang') return;
      response.writeHead(state.answer, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: state.answer < 400 ? 'queued' : 'error' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get calls() {
      return state.calls;
    },
    get answer() {
      return state.answer;
    },
    set answer(value) {
      state.answer = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
