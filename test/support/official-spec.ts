// Validates bodies against the official ABDM interface files in reference/spec/official/.
// Loads a Swagger 2 (`definitions`) or OpenAPI 3 (`components.schemas`) YAML, turns one named
// schema into a stand-alone JSON Schema (all definitions carried along, `$ref`s rewritten, OpenAPI
// `nullable` made JSON-Schema), applies listed patches for known spec defects, and compiles it with ajv.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const officialSpecDir = path.resolve(repoRoot, 'reference/spec/official');

export type JsonSchema = Record<string, unknown>;
export type Definitions = Record<string, JsonSchema>;

/** A fix for a defect of the official file; `description` says what and why (listed in docs/sandbox.md). */
export interface SchemaPatch {
  description: string;
  apply(definitions: Definitions): void;
}

export interface ValidatorOptions {
  patches?: SchemaPatch[];
  /** Top-level properties that must be present: a list, or 'all' for every property the schema defines. */
  required?: string[] | 'all';
  /** Reject top-level properties the schema does not define (catches misspelt field names), except these. */
  closed?: boolean;
  allowedExtras?: string[];
}

const definitionsCache = new Map<string, Definitions>();

function localRef(ref: string): string {
  const match = /^#\/(?:definitions|components\/schemas)\/(.+)$/.exec(ref);
  if (!match) throw new Error(`unsupported $ref ${ref}`);
  return `#/definitions/${match[1]}`;
}

/** Rewrites refs to one place and turns OpenAPI's `nullable: true` into a JSON Schema null type. */
function normalise(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(normalise);
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') out.$ref = localRef(value);
    else if (key !== 'nullable' && key !== 'example' && key !== 'xml') out[key] = normalise(value);
  }
  if ((node as JsonSchema).nullable === true) makeNullable(out);
  return out;
}

export function makeNullable(schema: JsonSchema): void {
  if (typeof schema.$ref === 'string') {
    const ref = schema.$ref;
    delete schema.$ref;
    schema.anyOf = [{ $ref: ref }, { type: 'null' }];
    return;
  }
  if (typeof schema.type === 'string') schema.type = [schema.type, 'null'];
  if (Array.isArray(schema.enum)) schema.enum = [...schema.enum, null];
}

export function loadOfficialDefinitions(file: string): Definitions {
  const cached = definitionsCache.get(file);
  if (cached) return structuredClone(cached);
  const document = parse(readFileSync(path.join(officialSpecDir, file), 'utf8')) as {
    definitions?: Definitions;
    components?: { schemas?: Definitions };
  };
  const raw = document.definitions ?? document.components?.schemas;
  if (!raw) throw new Error(`${file} has neither definitions nor components.schemas`);
  const definitions = normalise(raw) as Definitions;
  definitionsCache.set(file, definitions);
  return structuredClone(definitions);
}

function definitionOf(definitions: Definitions, name: string): JsonSchema {
  const found = definitions[name];
  if (!found) throw new Error(`no schema named ${name}`);
  return found;
}

// Patches shared by the Health ID, gateway session and HIU-side tests (test/sandbox/hiu-harness.ts).
export const patch = {
  nullableProperties(schemaName: string, properties: string[] | 'all-strings', why: string): SchemaPatch {
    return {
      description: `${schemaName}: ${properties === 'all-strings' ? 'every string property' : properties.join(', ')} may be null — ${why}`,
      apply(definitions) {
        const props = (definitionOf(definitions, schemaName).properties ?? {}) as Record<string, JsonSchema>;
        for (const [name, schema] of Object.entries(props)) {
          if (properties === 'all-strings' ? schema.type === 'string' : properties.includes(name)) makeNullable(schema);
        }
      },
    };
  },
  dropEnum(schemaName: string, property: string, why: string): SchemaPatch {
    return {
      description: `${schemaName}.${property}: enum removed — ${why}`,
      apply(definitions) {
        const props = definitionOf(definitions, schemaName).properties as Record<string, JsonSchema>;
        if (!props[property]) throw new Error(`${schemaName} has no property ${property}`);
        delete props[property].enum;
      },
    };
  },
  dropRequired(schemaName: string, property: string, why: string, at: string[] = []): SchemaPatch {
    return {
      description: `${[schemaName, ...at].join('.')}: "${property}" no longer required — ${why}`,
      apply(definitions) {
        let schema = definitionOf(definitions, schemaName);
        for (const step of at) schema = (schema.properties as Record<string, JsonSchema>)[step]!;
        schema.required = ((schema.required as string[] | undefined) ?? []).filter((p) => p !== property);
      },
    };
  },
};

const validatorCache = new Map<string, ValidateFunction>();
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

export function officialValidator(file: string, schemaName: string, options: ValidatorOptions = {}): ValidateFunction {
  const cacheKey = JSON.stringify([file, schemaName, options.required, options.closed, options.allowedExtras, options.patches?.map((p) => p.description)]);
  const cached = validatorCache.get(cacheKey);
  if (cached) return cached;
  const definitions = loadOfficialDefinitions(file);
  for (const p of options.patches ?? []) p.apply(definitions);
  const root = { ...definitionOf(definitions, schemaName) };
  const defined = Object.keys((root.properties as Record<string, unknown> | undefined) ?? {});
  if (options.required) root.required = options.required === 'all' ? defined : options.required;
  if (options.closed) {
    const extras = options.allowedExtras ?? [];
    root.properties = { ...(root.properties as object), ...Object.fromEntries(extras.map((e) => [e, {}])) };
    root.additionalProperties = false;
  }
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const validate = ajv.compile({ ...root, definitions });
  validatorCache.set(cacheKey, validate);
  return validate;
}

export function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`).join('\n');
}

/** Throws with ajv's complaints when `data` does not match the named official schema. */
export function assertMatchesOfficial(file: string, schemaName: string, data: unknown, options: ValidatorOptions = {}): void {
  const validate = officialValidator(file, schemaName, options);
  if (!validate(data)) {
    throw new Error(`body does not match ${file}#${schemaName}:\n${describeErrors(validate.errors)}\nbody: ${JSON.stringify(data).slice(0, 2000)}`);
  }
}

// Known defects of the official files, patched where these tests validate (listed in docs/sandbox.md §8).
export const HEALTH_ID_SPEC = 'abdm-abha-service-1_0.yml';
export const GATEWAY_SPEC = 'ndhm-gateway-v1.yml';

export const GATEWAY_PATCHES = {
  errorCode: patch.dropEnum('Error', 'code', 'enum [1000, 10001] is a placeholder; real gateways answer 2500, 2401, 2429...'),
};

/** Asserts an ABDM Health ID error body against the official ApiError definition. */
export function assertOfficialApiError(data: unknown): void {
  assertMatchesOfficial(HEALTH_ID_SPEC, 'ApiError', data, { required: 'all', closed: true });
}
