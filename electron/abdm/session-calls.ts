// How each gateway generation hands out its access token: the path, the headers of one attempt, whether it offers a
// refresh token, and what it needs from the desk. session.ts asks its generation's entry and never the generation's
// name, so a new generation is a new entry here.
import { v3Headers } from './v3-headers';

export interface SessionCall {
  /** Appended to the gateway base URL. */
  path: string;
  /** Headers for one attempt (a retry repeats them: it is the same request); undefined: none beyond the defaults. */
  headers(now: () => number, cmId: string | undefined): Record<string, string> | undefined;
  /** Whether a refresh token may be offered instead of logging in afresh. */
  offersRefresh: boolean;
  /** The consent manager id (X-CM-ID) the session cannot do without, or false. */
  needsCmId: boolean;
}

export const SESSION_CALLS = {
  // gateway-v05.md §2.2.
  'v0.5': { path: '/v0.5/sessions', headers: () => undefined, offersRefresh: true, needsCmId: false },
  // abdm-v3.md §1: REQUEST-ID, TIMESTAMP and X-CM-ID; NHA's v3 file documents the client_credentials grant only.
  v3: { path: '/gateway/v3/sessions', headers: (now, cmId) => ({ ...v3Headers(now), 'X-CM-ID': cmId! }), offersRefresh: false, needsCmId: true },
} as const satisfies Record<string, SessionCall>;

export type SessionGeneration = keyof typeof SESSION_CALLS;
