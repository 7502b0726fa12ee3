import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../../context';
import { parseBody } from '../hiu/gateway-rules';
import type { HiuWorld } from '../hiu/hiu-world';
import { admitOnce, v3CallOf, v3GatewayCall } from './v3-request-headers';

// HIE-CM v3's demographic identity check (docs/sandbox-hiecm-v3.md; the one source is CARE's
// abdm/service/v3/gateway.py identity__authentication, confidence M): `POST /identity/authentication`
// `{scope:"DEMO", parameters:{abhaNumber?, abhaAddress, name, gender, yearOfBirth}}` → 200
// `{authenticated, transactionId, abhaAddress, response:{requestId}}`. Authenticated when the address is an active
// patient of the consent manager and every detail given is theirs: the ABHA number (dashes ignored) when sent, the
// name (case and spacing ignored), the gender and the year of birth. An unknown address is answered like a mismatch,
// so the check tells nothing about who has an ABHA.

const identityBody = z.object({
  scope: z.literal('DEMO'),
  parameters: z.object({
    abhaNumber: z.string().nullish(),
    abhaAddress: z.string().min(1),
    name: z.string().min(1),
    gender: z.enum(['M', 'F', 'O', 'U', 'T', 'D']),
    yearOfBirth: z.union([z.number().int(), z.string().regex(/^\d{4}$/)]),
  }),
});

const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();
const digits = (value: string) => value.replace(/\D/g, '');

export function registerIdentityAuthentication(app: FastifyInstance, ctx: SandboxContext, world: HiuWorld): void {
  app.post('/identity/authentication', { preHandler: v3GatewayCall(ctx, { hiu: false }) }, async (request, reply) => {
    const call = v3CallOf(request);
    const body = parseBody(identityBody, request.body);
    admitOnce(world, call);
    const given = body.parameters;
    const patient = world.directory.findActive(given.abhaAddress);
    const authenticated =
      patient !== undefined &&
      sameName(patient.name, given.name) &&
      patient.gender === given.gender &&
      patient.yearOfBirth === Number(given.yearOfBirth) &&
      (!given.abhaNumber || (patient.abhaNumber !== undefined && digits(patient.abhaNumber) === digits(given.abhaNumber)));
    return reply.code(200).send({
      authenticated,
      transactionId: randomUUID(),
      abhaAddress: patient?.id ?? given.abhaAddress.trim().toLowerCase(),
      response: { requestId: call.requestId },
    });
  });
}
