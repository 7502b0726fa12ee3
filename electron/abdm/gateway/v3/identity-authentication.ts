// HIE-CM v3's demographic identity check an HIU makes before asking a patient's consent (ABDM's HIU_FLOW_101: find
// the patient by ABHA number or address): `POST {gw}/identity/authentication` with
// `{ scope: "DEMO", parameters: { abhaNumber, abhaAddress, name, gender, yearOfBirth } }`, answered at once (200) with
// `{ authenticated, transactionId, abhaAddress, response: { requestId } }`. Confidence M: ONE source, CARE
// (ohcnetwork/care_abdm abdm/service/v3/gateway.py `identity__authentication` and its response type); NHA's v3
// OpenAPI files in the stored set do not describe it. CARE sends REQUEST-ID, TIMESTAMP, X-CM-ID and REQUESTER-ID (the
// facility id); we send X-HIU-ID as well, as every other HIU call of v3 does. CARE strips the ABHA number's dashes.
import { z } from 'zod';
import { AbdmBadResponseError } from '../../errors';
import { AbdmHttp } from '../../http';
import { withGatewayToken, type GatewaySession } from '../../session';
import { v3Headers } from '../../v3-headers';

export const IDENTITY_AUTHENTICATION_PATH = '/identity/authentication';

export interface IdentityParameters {
  /** With or without dashes; sent without, as CARE does. */
  abhaNumber?: string;
  abhaAddress: string;
  name: string;
  gender: 'M' | 'F' | 'O' | 'U';
  yearOfBirth: number;
}

const Answer = z.object({ authenticated: z.boolean(), transactionId: z.string().nullish(), abhaAddress: z.string().nullish() }).passthrough();
export type IdentityAnswer = z.infer<typeof Answer>;

export async function authenticateIdentity(
  gateway: { gatewayBaseUrl: string; session: GatewaySession; cmId: string; requesterId: string; now?: () => number; fetch?: typeof fetch },
  parameters: IdentityParameters,
): Promise<IdentityAnswer> {
  const http = new AbdmHttp({ service: 'gateway', baseUrl: gateway.gatewayBaseUrl, fetch: gateway.fetch, retryDelaysMs: [] });
  const body = {
    scope: 'DEMO',
    parameters: {
      ...(parameters.abhaNumber ? { abhaNumber: parameters.abhaNumber.replace(/\D/g, '') } : {}),
      abhaAddress: parameters.abhaAddress,
      name: parameters.name,
      gender: parameters.gender,
      yearOfBirth: parameters.yearOfBirth,
    },
  };
  const answer = await withGatewayToken(gateway.session, (token) =>
    http.json({
      operation: 'identity.authentication',
      method: 'POST',
      path: IDENTITY_AUTHENTICATION_PATH,
      headers: { ...v3Headers(gateway.now), 'X-CM-ID': gateway.cmId, 'REQUESTER-ID': gateway.requesterId, 'X-HIU-ID': gateway.requesterId, Authorization: `Bearer ${token}` },
      body,
    }),
  );
  const parsed = Answer.safeParse(answer);
  if (!parsed.success) throw new AbdmBadResponseError('gateway', 'identity.authentication', 200, 'no boolean `authenticated`');
  return parsed.data;
}
