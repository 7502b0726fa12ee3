// Where code may run decides what it may import (VS Code's rule, checked like VS Code does):
// only electron/main.ts, electron/preload.ts and electron/platform/ may import 'electron';
// the renderer may take only types from electron/ (code only from electron/shared/) and nothing from Node.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface Violation {
  file: string;
  specifier: string;
  rule: string;
}

const SOURCE = /\.(ts|mts|cts|js|mjs|cjs|svelte)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report']);

function listSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP_DIRS.has(name)) return [];
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return listSources(full);
    return SOURCE.test(name) ? [full] : [];
  });
}

interface ImportRef {
  specifier: string;
  typeOnly: boolean;
}

/** Static imports, re-exports, require() and import() calls, with whether they vanish at run time. */
export function importsOf(file: string, text: string): ImportRef[] {
  const code = file.endsWith('.svelte') ? scriptsOfSvelte(text) : text;
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: ImportRef[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = ts.isImportDeclaration(node) ? Boolean(node.importClause?.isTypeOnly) : node.isTypeOnly;
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isCallExpression(node) && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      if (isRequire || node.expression.kind === ts.SyntaxKind.ImportKeyword) found.push({ specifier: node.arguments[0].text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function scriptsOfSvelte(text: string): string {
  return [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
}

const ELECTRON_ALLOWED = [/^electron\/main\.ts$/, /^electron\/preload\.ts$/, /^electron\/platform\//, /^test\/electron\//];

export function findLayeringViolations(root: string): Violation[] {
  const violations: Violation[] = [];
  const dirs = ['electron', 'renderer', 'sandbox', 'test', 'bench', 'scripts'].filter((d) => {
    try {
      return statSync(path.join(root, d)).isDirectory();
    } catch {
      return false;
    }
  });
  for (const file of dirs.flatMap((d) => listSources(path.join(root, d)))) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    for (const ref of importsOf(rel, readFileSync(file, 'utf8'))) {
      const isElectron = ref.specifier === 'electron' || ref.specifier.startsWith('electron/');
      if (isElectron && !ELECTRON_ALLOWED.some((re) => re.test(rel))) {
        violations.push({ file: rel, specifier: ref.specifier, rule: "only main.ts, preload.ts and platform/ may import 'electron'" });
      }
      if (rel.startsWith('renderer/') && !ref.typeOnly && isNodeOrMainCode(rel, ref.specifier)) {
        violations.push({ file: rel, specifier: ref.specifier, rule: 'the renderer may import only types from electron/ (code only from electron/shared/) and nothing from Node' });
      }
      if (rel.startsWith('electron/shared/') && !ref.typeOnly && leavesShared(rel, ref.specifier)) {
        violations.push({ file: rel, specifier: ref.specifier, rule: 'electron/shared/ runs in main and renderer alike, so it may import only itself' });
      }
    }
  }
  return violations;
}

function isNodeOrMainCode(fromRel: string, specifier: string): boolean {
  if (specifier.startsWith('node:')) return true;
  if (!specifier.startsWith('.')) return false;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(fromRel), specifier));
  if (target.startsWith('electron/shared/')) return false;
  return target.startsWith('electron/') || target.startsWith('sandbox/');
}

/** electron/shared/ is the one folder both sides load, so it may import only itself. */
function leavesShared(fromRel: string, specifier: string): boolean {
  if (!specifier.startsWith('.')) return true;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(fromRel), specifier));
  return !target.startsWith('electron/shared/');
}
