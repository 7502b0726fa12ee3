// A stand-in for ABDM's gateway over real HTTP: it answers every request 202, as the gateway does, and keeps what it
// was sent (path, headers, body) for a test to read. Tests of a role's requests and acknowledgements use it.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GatewayCall {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface FakeGateway {
  server: Server;
  url: string;
  calls: GatewayCall[];
}

export async function startFakeGateway(): Promise<FakeGateway> {
  const calls: GatewayCall[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      calls.push({ path: request.url ?? '', headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      response.statusCode = 202;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls };
}
