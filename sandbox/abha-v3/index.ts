import type { FastifyPluginAsync } from 'fastify';
import type { SandboxContext } from '../context';

/** ABHA v3, mounted at /abha/api/v3 (reference/spec/abdm-v3.md §2; docs/sandbox.md lists the differences). */
export function abhaV3Routes(_ctx: SandboxContext): FastifyPluginAsync {
  return async () => {};
}
