// Import circles: files that import each other, directly or through others. A circle makes the load order decide
// what a module sees (half-initialised exports at start-up) and ties two parts so neither can move without the other;
// the contract and the services were such a pair. Type-only imports count, as in the layer rules: a type import still
// ties one file to another's vocabulary.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { importsOf } from './layering';

const SOURCE = /\.(ts|mts|cts|js|mjs|cjs|svelte)$/;
const RESOLVE_AS = ['', '.ts', '.svelte', '.js', '.mts', '/index.ts', '/index.js'];

function listSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules') return [];
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return listSources(full);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The file a relative specifier names (imports are extensionless), or null for a package or a file elsewhere. */
function resolve(root: string, fromRel: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(fromRel), specifier));
  for (const ending of RESOLVE_AS) {
    const candidate = base + ending;
    const full = path.join(root, candidate);
    if (existsSync(full) && statSync(full).isFile()) return candidate;
  }
  return null;
}

/** Who imports whom among the files under `folder` (from the repository root), by repository-relative path. */
export function importGraph(root: string, folder: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of listSources(path.join(root, folder))) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    const targets = importsOf(rel, readFileSync(file, 'utf8'))
      .map((ref) => resolve(root, rel, ref.specifier))
      .filter((target): target is string => target !== null && target.startsWith(folder));
    graph.set(rel, [...new Set(targets)].sort());
  }
  return graph;
}

/**
 * Every circle among the files under `folder`, each as the files in import order starting from the first in sort
 * order (a imports b, b imports c, c imports a: [a, b, c]). One circle per group of files that reach each other
 * (Tarjan's strongly connected components), so a knot of many files is reported once, as the shortest loop through
 * its first file, with the knot's size beside it.
 */
export function findImportCircles(root: string, folder = 'electron/'): { files: string[]; knot: number }[] {
  const graph = importGraph(root, folder);
  return stronglyConnected(graph)
    .filter((group) => group.length > 1 || (graph.get(group[0]!) ?? []).includes(group[0]!))
    .map((group) => ({ files: shortestLoop(graph, group), knot: group.length }))
    .sort((a, b) => a.files[0]!.localeCompare(b.files[0]!));
}

function stronglyConnected(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      groups.push(group.sort());
    }
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return groups;
}

/** The shortest way from the group's first file back to itself, through files of the group (breadth first). */
function shortestLoop(graph: Map<string, string[]>, group: string[]): string[] {
  const start = group[0]!;
  const inGroup = new Set(group);
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const target of graph.get(file) ?? []) {
      if (!inGroup.has(target)) continue;
      if (target === start) {
        const loop = [file];
        while (loop[0] !== start) loop.unshift(cameFrom.get(loop[0]!)!);
        return loop;
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, file);
        queue.push(target);
      }
    }
  }
  return group;
}
