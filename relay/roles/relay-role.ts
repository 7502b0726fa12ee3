// What the relay knows of a role a clinic plays towards ABDM (HIU today, HIP next, …): which header names the
// clinic's id in that role, which callback paths the role has on a gateway generation, and where each kind of its
// callbacks goes. The relay serves every role of a clinic under the clinic's one public URL (/hiu/<id>/); a role is
// served there only when the clinic's configuration gives it an id. Roles are descriptions, not code paths: adding
// one is a new file here and an entry in ROLES (relay-roles.ts), or an extra role handed to startRelay. A role the
// desk's gateway pipeline already describes (electron/abdm/gateway/role-wire.ts) is made with `relayRoleOf`, so its
// paths, schemas and typed messages are told once; the relay adds only its addressing and where its id is configured.
import type { z } from 'zod';
import type { GatewayGeneration } from '../../electron/abdm/gateway/generation';
import type { RoleDescription } from '../../electron/abdm/gateway/role-wire';
import type { ExpectationKind } from '../../electron/bridge/relay-protocol';
import type { HiuConfig } from '../config';

/** A callback path of a role: the bridge's route shape, with a kind of the role's own. */
export interface RoleRoute {
  kind: string;
  /** Path under the clinic's URL, e.g. `/v0.5/consents/hiu/notify`. */
  path: string;
  /** The body's shape; anything else is a 400. */
  schema: z.ZodType;
}

/** An id a callback names, as the kind of key a desk claims it under; ids that are not text are left out. */
export type NamedId = [ExpectationKind, unknown];

/** Where one callback goes. Its `resp.requestId`, if any, always names the desk that sent the request. */
export interface Addressing {
  /** Ids that make a desk holding one of them its receiver. */
  names?: NamedId[];
  /** Ids it hands out: the receiving desk holds them from now on, so later callbacks naming them find it. */
  handsOut?: NamedId[];
  /**
   * When no desk holds any id it names: `keep` it until a desk claims one (an answer that overtook its claim), or give
   * `every-desk` of the clinic its own copy (news nobody asked for: a patient's status, a profile shared at a counter
   * no desk serves). Kept copies wait for desks that are not connected.
   */
  unclaimed: 'keep' | 'every-desk';
  /**
   * A Scan & Share profile share (relay/roles/hip-role.ts): it goes to ONE connected desk (the one serving its
   * counter, else another connected desk of the clinic), since every receiver answers the patient with a token and
   * two would answer twice; with no desk connected, every desk gets a late copy. `token` is what a token number is
   * handed out for (relay/share-tokens.ts); null when the share cannot have one (the desk answers it FAILED).
   */
  counterShare?: { token: ShareTokenClaim | null };
}

/** Who asks for a token, at which counter, as the share names them. */
export interface ShareTokenClaim {
  counterId: string;
  abhaAddress: string;
  /** The HIP id the share names; a token is handed out only when it is the clinic's (or the share names none). */
  hipId: string | null;
}

/**
 * What a role's addressing reads (routing.ts, messageOf): for a role with a pipeline description, the typed message
 * its wire reads for the kind (the HIU's HiuMessages); for a role the relay alone describes, the callback's body.
 * Each role types its own addressing functions; this is the common door they are handed through.
 */
export type RoleMessage = any;

/** What an addressing may know of the clinic beyond the message: its id in the role (the HIP id), when it has one. */
export interface AddressingClinic {
  roleId?: string;
}

export interface RelayRole {
  /** `hiu`, `hip`, …: the name under a clinic's `roles` in the configuration. */
  name: string;
  /** The header ABDM names the clinic's id in for this role (X-HIU-ID, X-HIP-ID). */
  idHeader: string;
  /**
   * A callback whose idHeader names another id than the clinic's is refused (403): a role whose callbacks nobody
   * asked for (a profile share, another clinic's health-information request) is routed by that id, so a wrong one
   * must not reach this clinic's desks. The HIU's answers are routed by the ids its desks claimed instead.
   */
  refusesOtherIds: boolean;
  /** The clinic's id in this role; undefined: the clinic does not play it, and its paths are not served. */
  idAt(clinic: HiuConfig): string | undefined;
  /** The role's callback routes on a gateway generation. */
  routes(generation: GatewayGeneration): readonly RoleRoute[];
  /**
   * Where a callback of a kind goes; a kind not listed names nothing beyond its `resp.requestId`, and is kept. The
   * clinic's own id in the role is handed in for news routed by it (the HIP's records desk, hip-role.ts).
   */
  addressing: Readonly<Record<string, (message: RoleMessage, clinic: AddressingClinic) => Addressing>>;
  /** The pipeline's description of the role, when the desk has one: routing reads its typed messages from it. */
  description?: RoleDescription;
}

/** The relay's part of a role the pipeline describes: routes and messages from its wires, plus addressing and id. */
export function relayRoleOf(
  description: RoleDescription,
  relay: Pick<RelayRole, 'refusesOtherIds' | 'idAt' | 'addressing'>,
): RelayRole {
  return {
    name: description.name,
    idHeader: description.idHeader,
    ...relay,
    routes: (generation) => (description.wires[generation.name]?.callbacks ?? []).map(({ kind, path, schema }) => ({ kind, path, schema })),
    description,
  };
}

/** A role other than the HIU reads its id from the clinic's `roles` (config.ts). */
export function configuredRoleId(name: string): (clinic: HiuConfig) => string | undefined {
  return (clinic) => clinic.roles?.[name];
}
