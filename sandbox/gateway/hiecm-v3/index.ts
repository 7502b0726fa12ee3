import type { FastifyPluginAsync } from 'fastify';
import type { SandboxContext } from '../../context';

/** HIE-CM v3, HIU side, mounted at /api/hiecm (reference/spec/abdm-v3.md §1, §3): the same world as gateway v0.5. */
export function hiecmV3Routes(_ctx: SandboxContext): FastifyPluginAsync {
  return async () => {};
}
