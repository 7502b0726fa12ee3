// Maps a URL path to a file under root, refusing anything that would escape it ("..", absolute paths, NUL).
import path from 'node:path';

export function resolveInside(root: string, urlPath: string): string | null {
  if (urlPath.includes('\0')) return null;
  const relative = path.posix.normalize(urlPath).replace(/^\/+/, '') || 'index.html';
  const full = path.resolve(root, relative);
  const rootWithSep = path.resolve(root) + path.sep;
  return full.startsWith(rootWithSep) ? full : null;
}
