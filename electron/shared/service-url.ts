// Which addresses the app may send ABDM credentials and patient data to, shared by main and the settings
// schema (pure: no Node imports, works in the renderer). https:// always; plain http:// only to this
// computer, where the training simulator and test servers listen.

export type ServiceUrlProblem = 'not-a-url' | 'not-https';

/** null when the URL is fine: https, or http to a loopback host (127.0.0.0/8, `localhost`, `[::1]`). */
export function serviceUrlProblem(url: string): ServiceUrlProblem | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not-a-url';
  }
  if (parsed.hostname === '') return 'not-a-url';
  if (parsed.protocol === 'https:') return null;
  if (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)) return null;
  return 'not-https';
}

/**
 * `hostname` as the URL parser leaves it: lower-case, IPv4 in dotted decimal (`127.1` and `0x7f.0.0.1`
 * already became `127.0.0.1`), IPv6 compressed and in brackets. A name that merely starts with `127.`
 * or `localhost.` is someone else's host.
 */
function isLoopbackHost(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '[::1]') return true;
  const octets = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(hostname);
  return octets !== null && octets[1] === '127' && octets.slice(2).every((octet) => Number(octet) <= 255);
}
