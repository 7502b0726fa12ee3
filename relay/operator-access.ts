// The relay operator's monitoring credential (docs/relay.md, "Operations"): a secret token whose SHA-256 is in the
// configuration (monitoring.tokenSha256), sent as `Authorization: Bearer <token>`. Only its hash is kept, as for desk
// credentials; the digests are compared in constant time. Without a configured hash nobody is the operator.
import { createHash, timingSafeEqual } from 'node:crypto';

export function isOperator(tokenSha256: string | undefined, authorization: string | undefined): boolean {
  const match = /^Bearer (\S{1,500})$/.exec(authorization ?? '');
  if (!tokenSha256 || !match) return false;
  const given = createHash('sha256').update(match[1]!, 'utf8').digest();
  return timingSafeEqual(given, Buffer.from(tokenSha256, 'hex'));
}
