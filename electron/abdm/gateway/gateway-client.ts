// One attempt at one request of any role to the gateway: the gateway token, the generation's headers, a JSON body, and
// the status of the answer. Retries belong to the outbox (gateway/outbox.ts), which repeats a request
// with the same requestId; so this client never retries on its own.
import { AbdmHttp } from '../http';
import { withGatewayToken, type GatewaySession } from '../session';
import type { GatewayRequest } from './generation';

export interface GatewayClient {
  /** Resolves with the 2xx status (202 from the gateway); throws AbdmError or AbdmUnreachableError. */
  send(operation: string, request: GatewayRequest): Promise<number>;
}

export function createGatewayClient(opts: { gatewayBaseUrl: string; session: GatewaySession; fetch?: typeof fetch; timeoutMs?: number }): GatewayClient {
  const http = new AbdmHttp({ service: 'gateway', baseUrl: opts.gatewayBaseUrl, fetch: opts.fetch, timeoutMs: opts.timeoutMs, retryDelaysMs: [] });
  return {
    async send(operation, request) {
      const response = await withGatewayToken(opts.session, (token) =>
        http.send({ operation, method: 'POST', path: request.path, headers: { ...request.headers, Authorization: `Bearer ${token}` }, body: request.body }),
      );
      return response.status;
    },
  };
}
