// Where code runs, and what it is for, decides what it may import (VS Code's rule, checked like VS Code does).
// LAYER_RULES below is the whole list; docs/architecture.md ("Layers") shows the same table.
//
// Type-only imports count. A type import still ties one layer to another's vocabulary (a store that names an IPC
// contract type knows about IPC), so a rule holds for `import type` as for code, unless its row says otherwise and
// why. An import() call counts too, unless its row says otherwise.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

export interface Violation {
  file: string;
  specifier: string;
  rule: string;
}

/** What an import reaches: a file or folder of this repository, a Node built-in, or an npm package. */
type Target = { kind: 'repo'; path: string } | { kind: 'node' } | { kind: 'package'; name: string };

export interface LayerRule {
  /** The files the rule binds: a folder (ending in /) or one file, from the repository root; `*` is every file checked. */
  folder: string;
  /** Files inside `folder` the rule leaves out. */
  except?: readonly string[];
  /** What those files may not import, in words (the table's middle column). */
  mayNotImport: string;
  /** Why. */
  why: string;
  /** The same, for the check. */
  forbids(target: Target): boolean;
  /** Imports let through, with the reason: `types` (type-only imports) or `import()` from the listed targets. */
  exceptions?: readonly { files?: readonly string[]; kind: 'types' | 'import()'; from: string; reason: string }[];
}

const inRepo = (target: Target, ...folders: string[]) => target.kind === 'repo' && folders.some((f) => target.path.startsWith(f));
const outside = (target: Target, ...folders: string[]) => target.kind === 'repo' && !folders.some((f) => target.path.startsWith(f));

export const LAYER_RULES: readonly LayerRule[] = [
  {
    folder: '*',
    except: ['electron/main.ts', 'electron/preload.ts', 'electron/platform/', 'test/electron/'],
    mayNotImport: "the 'electron' package",
    why: 'only these run inside Electron; everything else also runs under plain Node (tests, web mode, benchmarks)',
    forbids: (t) => t.kind === 'package' && t.name === 'electron',
  },
  {
    folder: 'renderer/',
    mayNotImport: 'Node built-ins; anything in the repository outside renderer/ except electron/shared/',
    why: 'the page has no Node and reaches main only through window.abhaDesk',
    forbids: (t) => t.kind === 'node' || outside(t, 'renderer/', 'electron/shared/'),
    exceptions: [
      {
        kind: 'types',
        from: 'electron/ipc/contract',
        reason: 'the page calls main through the IPC contract, whose types it needs (the contract passes on the few types of main the page draws with); they vanish in the build',
      },
    ],
  },
  {
    folder: 'electron/shared/',
    mayNotImport: 'anything outside electron/shared/ (npm packages and Node built-ins too)',
    why: 'it runs in main and in the page alike',
    forbids: (t) => t.kind !== 'repo' || outside(t, 'electron/shared/'),
  },
  {
    folder: 'electron/validation/',
    mayNotImport: 'anything in the repository outside electron/validation/ and electron/shared/',
    why: 'the input rules are shared by the IPC contract and the settings store, which sit in different layers',
    forbids: (t) => outside(t, 'electron/validation/', 'electron/shared/'),
  },
  {
    folder: 'electron/abdm/',
    mayNotImport: 'anything in the repository outside electron/abdm/ and electron/shared/',
    why: 'the ABDM client speaks ABDM and nothing of the app, so services, the bridge and tools can all use it',
    forbids: (t) => outside(t, 'electron/abdm/', 'electron/shared/'),
  },
  {
    folder: 'electron/crypto/',
    mayNotImport: 'anything in the repository outside electron/crypto/',
    why: 'Fidelius is shared by the app and the simulator, so it must belong to neither',
    forbids: (t) => outside(t, 'electron/crypto/'),
  },
  {
    folder: 'electron/fhir/',
    mayNotImport: 'anything in the repository outside electron/fhir/ and electron/shared/',
    why: 'reading FHIR bundles is pure (it may use the shared rules, which are pure too): the engine indexes with it and the record screens show with it',
    forbids: (t) => outside(t, 'electron/fhir/', 'electron/shared/'),
  },
  {
    folder: 'electron/fhir-write/',
    mayNotImport: 'anything in the repository outside electron/fhir-write/, electron/shared/ and reference/fhir/',
    why: 'building FHIR documents is pure like reading them: the HIP services give it every fact; it checks against the R4 schema shipped in reference/fhir/',
    forbids: (t) => outside(t, 'electron/fhir-write/', 'electron/shared/', 'reference/fhir/'),
  },
  {
    folder: 'electron/store/',
    mayNotImport: 'electron/ipc/, electron/services/',
    why: 'storage sits below the services and knows nothing of how it is called',
    forbids: (t) => inRepo(t, 'electron/ipc/', 'electron/services/'),
  },
  {
    folder: 'electron/services/',
    mayNotImport: 'electron/ipc/',
    why: 'IPC calls the services, not the other way: a service answers in its own result types and raises the events of electron/core/events.ts, so the contract can name them without the two importing each other',
    forbids: (t) => inRepo(t, 'electron/ipc/'),
  },
  {
    folder: 'electron/gateway/',
    mayNotImport: 'electron/ipc/',
    why: 'the gateway pipeline (outbox, inbox, callbacks) serves the roles that register with it and knows nothing of the screen that calls them',
    forbids: (t) => inRepo(t, 'electron/ipc/'),
  },
  {
    folder: 'electron/',
    except: ['electron/main.ts', 'electron/preload.ts', 'electron/app-core.ts', 'electron/platform/', 'electron/ipc/', 'electron/services/', 'electron/gateway/'],
    mayNotImport: 'electron/ipc/',
    why: 'only the files that open the door to the page (main, the preload, the app core that answers it, the Electron platform) know of IPC; services and the gateway have rows of their own above',
    forbids: (t) => inRepo(t, 'electron/ipc/'),
  },
  {
    folder: 'electron/bridge/',
    mayNotImport: 'electron/ipc/, electron/services/, electron/platform/, web-mode/',
    why: 'the HIU bridge (callbacks from ABDM) is its own part: it must not reach the operator-facing IPC, the services, Electron or web mode',
    forbids: (t) => inRepo(t, 'electron/ipc/', 'electron/services/', 'electron/platform/', 'web-mode/'),
  },
  {
    folder: 'sandbox/',
    mayNotImport: 'electron/ (except electron/crypto/)',
    why: 'the simulator is an independent oracle for the app; sharing the app’s code would let both be wrong the same way',
    forbids: (t) => inRepo(t, 'electron/') && !inRepo(t, 'electron/crypto/'),
  },
  {
    folder: 'electron/',
    mayNotImport: 'sandbox/',
    why: 'the simulator (Fastify and all) must stay out of main’s start-up path',
    forbids: (t) => inRepo(t, 'sandbox/'),
    exceptions: [
      { files: ['electron/training/simulator.ts'], kind: 'import()', from: 'sandbox/', reason: 'training mode loads the simulator on first use, in a chunk of its own' },
      { files: ['electron/training/simulator.ts'], kind: 'types', from: 'sandbox/', reason: 'it names the running simulator it starts; types vanish in the build' },
    ],
  },
  {
    folder: 'relay/',
    mayNotImport: 'anything in the repository outside relay/ except electron/bridge/, electron/abdm/, electron/shared/ and the Node check (electron/node-runtime.ts, scripts/require-node.ts)',
    why: 'the relay is a server of its own: it reuses the bridge (routes, token check, ports) and the ABDM vocabulary, never the app’s services, stores, IPC or Electron',
    forbids: (t) => outside(t, 'relay/', 'electron/bridge/', 'electron/abdm/', 'electron/shared/', 'electron/node-runtime', 'scripts/require-node'),
  },
  {
    folder: 'electron/',
    mayNotImport: 'relay/',
    why: 'the relay runs on a server, not in the app; the desk speaks to it only through the protocol in electron/bridge/relay-protocol.ts',
    forbids: (t) => inRepo(t, 'relay/'),
  },
  {
    folder: 'electron/',
    mayNotImport: 'web-mode/',
    why: 'web mode is for development and tests (it bundles with esbuild, a dev dependency) and is not shipped',
    forbids: (t) => inRepo(t, 'web-mode/'),
  },
];

export interface Allowance {
  file: string;
  specifier: string;
  /** The work that removes the import, after which the entry must go (the layering test fails on a stale one). */
  until: string;
}

/**
 * Imports that break a rule today in files being rewritten by other work; each goes when that work lands.
 * Exact file and specifier: nothing else is let through. Empty: today's tree keeps every rule.
 */
export const TEMPORARY_ALLOWED: readonly Allowance[] = [];

const SOURCE = /\.(ts|mts|cts|js|mjs|cjs|svelte)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report']);
const CHECKED_DIRS = ['electron', 'renderer', 'sandbox', 'web-mode', 'relay', 'test', 'bench', 'scripts'];
const NODE_BUILTINS = new Set(builtinModules);

function listSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP_DIRS.has(name)) return [];
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return listSources(full);
    return SOURCE.test(name) ? [full] : [];
  });
}

export interface ImportRef {
  specifier: string;
  /** Gone at run time: `import type`, `export type`, or an `import('x').T` type. */
  typeOnly: boolean;
  /** An import() call (a require() is not). */
  dynamic: boolean;
}

// Parsing is most of a check's time, and the tests check this repository and copies of it several times over: a file's
// imports are parsed once per name and text.
const parsed = new Map<string, readonly ImportRef[]>();

/** Static imports, re-exports, require() and import() calls and import types, with whether they vanish at run time. */
export function importsOf(file: string, text: string): readonly ImportRef[] {
  const key = `${file}\0${text}`;
  let refs = parsed.get(key);
  if (!refs) {
    refs = parseImports(file, text);
    parsed.set(key, refs);
  }
  return refs;
}

function parseImports(file: string, text: string): ImportRef[] {
  const code = file.endsWith('.svelte') ? scriptsOfSvelte(text) : text;
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: ImportRef[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = ts.isImportDeclaration(node) ? Boolean(node.importClause?.isTypeOnly) : node.isTypeOnly;
      found.push({ specifier: node.moduleSpecifier.text, typeOnly, dynamic: false });
    } else if (ts.isCallExpression(node) && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      const isImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      if (isRequire || isImport) found.push({ specifier: node.arguments[0].text, typeOnly: false, dynamic: isImport });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true, dynamic: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function scriptsOfSvelte(text: string): string {
  return [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
}

function targetOf(fromRel: string, specifier: string): Target {
  if (specifier.startsWith('.')) return { kind: 'repo', path: path.posix.normalize(path.posix.join(path.posix.dirname(fromRel), specifier)) };
  if (specifier.startsWith('node:') || NODE_BUILTINS.has(specifier.split('/')[0]!)) return { kind: 'node' };
  const parts = specifier.split('/');
  return { kind: 'package', name: specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]! };
}

const covers = (pattern: string, rel: string) => pattern === '*' || (pattern.endsWith('/') ? rel.startsWith(pattern) : rel === pattern);

function binds(rule: LayerRule, rel: string): boolean {
  return covers(rule.folder, rel) && !(rule.except ?? []).some((pattern) => covers(pattern, rel));
}

function excepted(rule: LayerRule, rel: string, ref: ImportRef, target: Target): boolean {
  return (rule.exceptions ?? []).some(
    (e) =>
      (!e.files || e.files.includes(rel)) &&
      (e.kind === 'types' ? ref.typeOnly : ref.dynamic) &&
      target.kind === 'repo' &&
      target.path.startsWith(e.from),
  );
}

/** How a rule reads in a violation: "electron/store/ may not import electron/ipc/, electron/services/". */
export function ruleText(rule: LayerRule): string {
  return `${rule.folder === '*' ? 'code' : rule.folder} may not import ${rule.mayNotImport}: ${rule.why}`;
}

export interface LayeringOptions {
  rules?: readonly LayerRule[];
  allowed?: readonly Allowance[];
}

export function findLayeringViolations(root: string, options: LayeringOptions = {}): Violation[] {
  return check(root, options).violations;
}

/** Temporary allowances that no longer match any import: the work they waited for has landed, so they must go. */
export function staleAllowances(root: string, options: LayeringOptions = {}): Allowance[] {
  return check(root, options).stale;
}

function check(root: string, { rules = LAYER_RULES, allowed = TEMPORARY_ALLOWED }: LayeringOptions): { violations: Violation[]; stale: Allowance[] } {
  const violations: Violation[] = [];
  const used = new Set<Allowance>();
  const dirs = CHECKED_DIRS.filter((d) => {
    try {
      return statSync(path.join(root, d)).isDirectory();
    } catch {
      return false;
    }
  });
  for (const file of dirs.flatMap((d) => listSources(path.join(root, d)))) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    const bound = rules.filter((rule) => binds(rule, rel));
    if (bound.length === 0) continue;
    for (const ref of importsOf(rel, readFileSync(file, 'utf8'))) {
      const target = targetOf(rel, ref.specifier);
      const broken = bound.filter((rule) => rule.forbids(target) && !excepted(rule, rel, ref, target));
      if (broken.length === 0) continue;
      const allowance = allowed.find((a) => a.file === rel && a.specifier === ref.specifier);
      if (allowance) {
        used.add(allowance);
        continue;
      }
      for (const rule of broken) violations.push({ file: rel, specifier: ref.specifier, rule: ruleText(rule) });
    }
  }
  return { violations, stale: allowed.filter((a) => !used.has(a)) };
}

/** The rule table as Markdown, exactly as docs/architecture.md shows it under "Layers". */
export function layerTableMarkdown(rules: readonly LayerRule[] = LAYER_RULES): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const who = (rule: LayerRule) => {
    const folder = rule.folder === '*' ? 'all code' : `\`${rule.folder}\``;
    return rule.except?.length ? `${folder} except ${rule.except.map((e) => `\`${e}\``).join(', ')}` : folder;
  };
  const why = (rule: LayerRule) =>
    [rule.why, ...(rule.exceptions ?? []).map((e) => `Allowed: ${e.kind === 'types' ? 'type-only imports' : 'import()'} of \`${e.from}\`${e.files ? ` in ${e.files.map((f) => `\`${f}\``).join(', ')}` : ''}, because ${e.reason}.`)].join('. ').replace(/\.\./g, '.');
  return ['| folder | may not import | why |', '|---|---|---|', ...rules.map((rule) => `| ${cell(who(rule))} | ${cell(rule.mayNotImport)} | ${cell(why(rule))} |`)].join('\n');
}
