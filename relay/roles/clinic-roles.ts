// Which callback paths a clinic serves at its one public URL (/hiu/<id>/): those of every role it has an id for,
// and no other. ABDM names the clinic's id in each role in a header (X-HIU-ID, X-HIP-ID); for a role routed by that
// id (RelayRole.refusesOtherIds), a callback whose header names another id was meant for another clinic, or the
// gateway has this URL registered for the wrong facility, and is refused with 403 before its token or body is read,
// so that it is never handed to this clinic's desks.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayGeneration } from '../../electron/abdm/gateway/generation';
import { RelayConfigError, type HiuConfig, type RelayConfig } from '../config';
import type { RelayRole, RoleRoute } from './relay-role';

/** A route a clinic serves, with the role it belongs to and the clinic's id in that role. */
export interface ServedRoute {
  role: RelayRole;
  roleId: string;
  route: RoleRoute;
}

/** The clinic's routes by path (under its URL). Two roles with one path cannot be told apart: that throws. */
export function servedRoutes(clinic: HiuConfig, roles: readonly RelayRole[], generation: GatewayGeneration): Map<string, ServedRoute> {
  const byPath = new Map<string, ServedRoute>();
  for (const role of roles) {
    const roleId = role.idAt(clinic);
    if (roleId === undefined) continue;
    for (const route of role.routes(generation)) {
      const taken = byPath.get(route.path);
      if (taken) throw new Error(`Roles ${taken.role.name} and ${role.name} both have the callback path ${route.path}.`);
      byPath.set(route.path, { role, roleId, route });
    }
  }
  return byPath;
}

/** Every role the configuration names is one the relay knows, and no two roles share a name. */
export function checkRoleNames(config: RelayConfig, roles: readonly RelayRole[]): void {
  const names = roles.map((role) => role.name);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice) throw new Error(`Two relay roles are named ${twice}.`);
  config.hius.forEach((clinic, index) => {
    for (const name of Object.keys(clinic.roles ?? {})) {
      if (name === 'hiu') throw new RelayConfigError(`The relay configuration is not usable: hius.${index}.roles.hiu: the HIU's id is the clinic's "id"`);
      if (!names.includes(name)) throw new RelayConfigError(`The relay configuration is not usable: hius.${index}.roles.${name}: no such role (known: ${names.filter((n) => n !== 'hiu').join(', ') || 'none'})`);
    }
  });
}

/**
 * A Fastify onRequest hook for the clinic's scope (`prefix`: /hiu/<id>): a callback on a path of a role that refuses
 * other ids, whose role-id header names another id than the clinic's, is a 403. A callback without the header is taken, as before
 * roles existed (the direct bridge takes it too).
 */
export function refuseOtherRoleIds(prefix: string, byPath: ReadonlyMap<string, ServedRoute>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.routeOptions.url;
    const served = url?.startsWith(prefix) ? byPath.get(url.slice(prefix.length)) : undefined;
    if (!served?.role.refusesOtherIds) return;
    const named = request.headers[served.role.idHeader.toLowerCase()];
    if (named === undefined || named === served.roleId) return;
    return reply
      .code(403)
      .header('cache-control', 'no-store')
      .header('connection', 'close')
      .send({ error: { code: 'other-role-id', message: `This address serves ${served.role.idHeader} ${served.roleId}; the callback names another, and was not stored.` } });
  };
}
