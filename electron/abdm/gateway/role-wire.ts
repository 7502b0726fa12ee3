// What a role (HIU, HIP, …) says about itself to the gateway pipeline: its name, the header its id travels in, and
// per generation its wire: the callbacks it receives (bridge path, the official body schema, and a reader that turns
// the body into one typed message in the desk's words) and the operations it sends (request path, body shape).
// `generationWithRoles` joins a generation's transport with the wires of every role into the GatewayGeneration the
// pipeline uses. Nothing here knows any particular role.
import type { z } from 'zod';
import { OperationNotOnThisApi, type CallbackMessage, type CallbackRoute, type GatewayGeneration, type GatewayTransport } from './generation';
import { plainCallback } from './plain-callback';

type Json = Record<string, unknown>;

/** One callback kind of a role on one generation. */
export interface RoleCallback<M = unknown> {
  kind: string;
  /** Path on the bridge. A kind may have more than one (a sandbox doc page's other spelling). */
  path: string;
  schema: z.ZodType;
  /** The typed message of a body that passed `schema`; its strings are already cleaned. */
  read(body: Json, headers: Record<string, string | undefined>): M;
}

/** One operation of a role on one generation. */
export interface RoleOperation {
  path: string;
  /** The wire body for the role's payload; the payload itself when absent. */
  body?(payload: Json): Json;
  /**
   * Headers of this operation beyond the generation's own (v3 link/carecontext's X-LINK-TOKEN). The transport's
   * envelope headers win: an operation never names its own REQUEST-ID, TIMESTAMP or role id.
   */
  headers?(payload: Json): Record<string, string>;
}

export interface RoleWire {
  callbacks: readonly RoleCallback[];
  operations: Readonly<Record<string, RoleOperation | undefined>>;
}

export interface RoleDescription {
  /** `hiu`, `hip`. */
  name: string;
  /** The header ABDM names the role's id in (`X-HIU-ID`, `X-HIP-ID`), on requests and on callbacks. */
  idHeader: string;
  /** Every operation of the role, on any generation. */
  operations: readonly string[];
  /** Every callback kind of the role, on any generation. */
  kinds: readonly string[];
  /** The operations that answer a notification: they expect no callback of their own. */
  acknowledgements: ReadonlySet<string>;
  /** The role's wire by generation name (`v0.5`, `v3`); a generation it is not on has none. */
  wires: Readonly<Record<string, RoleWire | undefined>>;
}

/** A role as one generation sees it: its description and its id for requests (empty: none configured). */
export interface RoleOnGeneration {
  role: RoleDescription;
  id?: () => string;
}

/** The transport joined with every role's wire on it. */
export function generationWithRoles(transport: GatewayTransport, roles: readonly (RoleDescription | RoleOnGeneration)[]): GatewayGeneration {
  const entries = roles.map((entry) => ('role' in entry ? entry : { role: entry }));
  const wireOf = (role: RoleDescription) => role.wires[transport.name];
  const callbacks = entries.flatMap(({ role }) => (wireOf(role)?.callbacks ?? []).map((callback) => ({ role, callback })));
  const byPath = new Map(callbacks.map((entry) => [entry.callback.path, entry]));
  const operationOf = (operation: string) => {
    for (const entry of entries) {
      const wire = wireOf(entry.role)?.operations[operation];
      if (wire) return { entry, wire };
    }
    return null;
  };
  const callbackRoutes: CallbackRoute[] = callbacks.map(({ callback }) => ({ kind: callback.kind, path: callback.path, schema: callback.schema }));
  return {
    ...transport,
    callbackRoutes,
    supports: (operation) => operationOf(operation) !== null,
    isAcknowledgement: (operation) => entries.some(({ role }) => role.acknowledgements.has(operation)),
    request(operation, envelope, payload) {
      const found = operationOf(operation);
      if (!found) throw new OperationNotOnThisApi(operation, transport.name);
      const roleId = idOf(found.entry) ?? envelope.roleId ?? envelope.hiuId ?? '';
      const body = found.wire.body ? found.wire.body(payload) : payload;
      const request = transport.envelop({ path: found.wire.path, body }, { ...envelope, roleId }, found.entry.role.idHeader);
      return found.wire.headers ? { ...request, headers: { ...found.wire.headers(payload), ...request.headers } } : request;
    },
    callbackMessage(path, body, headers): CallbackMessage | null {
      const found = byPath.get(path);
      if (!found) return null;
      // What is applied has no control characters or direction marks in any text, whatever the reader copies.
      const clean = plainCallback(body);
      return { role: found.role.name, kind: found.callback.kind, message: found.callback.read(clean, headers), errorCode: errorCodeOf(clean) };
    },
  };
}

/** The role's own id; one that cannot be told (none configured outside training) is sent empty. */
function idOf(entry: RoleOnGeneration): string | undefined {
  if (!entry.id) return undefined;
  try {
    return entry.id();
  } catch {
    return '';
  }
}

/** `error.code` as text: both generations put a refusal in `error` (integers on v0.5, texts on v3). */
function errorCodeOf(body: Json): string | null {
  const error = body.error as { code?: unknown } | null | undefined;
  return error && error.code !== undefined && error.code !== null ? String(error.code) : null;
}
