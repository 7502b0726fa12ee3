// FHIR R4's own JSON schema (reference/fhir/fhir.schema.json, HL7's fhir.schema.json for 4.0.1, see SOURCE.md there)
// as a check on a bundle the desk built: the Bundle, then each entry's resource against its own definition, so a
// problem is named by the resource it is in (through the Bundle's one-of-all of every resource type, an error would
// be reported once for each type the resource is not).
import Ajv, { type ValidateFunction } from 'ajv';

const SCHEMA_ID = 'fhir-r4';

let ajv: Ajv | null = null;
const validators = new Map<string, ValidateFunction>();

/** Loads the schema on first use; each resource type is compiled the first time a bundle holds one. */
async function compiler(): Promise<Ajv> {
  if (ajv) return ajv;
  const loaded = (await import('../../reference/fhir/fhir.schema.json', { with: { type: 'json' } })) as { default: Record<string, unknown> };
  // Only the definitions: the root is a one-of-all-resources that ajv would compile whole before any fragment, and
  // so is a resource inside another (Bundle.entry.resource, contained): all 148 resource types at once, seconds of
  // CPU. Each entry's resource is checked against its own type instead (below), so here a resource inside another
  // accepts anything, and only the types a bundle holds are compiled (about 0.5 s the first time).
  const definitions = { ...(loaded.default.definitions as Record<string, unknown>), ResourceList: {} };
  // Draft-06 annotations ajv 8 does not take as keywords (`discriminator`): strict mode off.
  const next = new Ajv({ strict: false, validateSchema: false, allErrors: false, unicodeRegExp: false });
  next.addSchema({ $id: SCHEMA_ID, definitions });
  ajv = next;
  return next;
}

async function validator(definition: string): Promise<ValidateFunction | null> {
  const cached = validators.get(definition);
  if (cached) return cached;
  const compiled = (await compiler()).getSchema(`${SCHEMA_ID}#/definitions/${definition}`) ?? null;
  if (compiled) validators.set(definition, compiled);
  return compiled;
}

/** Where the bundle breaks FHIR R4's schema, e.g. "entry/1 Patient /gender: must be equal to one of the allowed values"; empty when it holds. */
export async function r4SchemaProblems(bundle: unknown): Promise<string[]> {
  const problems: string[] = [];
  const check = async (definition: string, value: unknown, where: string) => {
    const validate = await validator(definition);
    if (!validate) return void problems.push(`${where}: ${definition} is not a FHIR R4 resource type`);
    if (!validate(value)) for (const error of validate.errors ?? []) problems.push(`${where}${error.instancePath || '/'}: ${error.message ?? error.keyword}`);
  };
  await check('Bundle', bundle, 'Bundle ');
  const entries: unknown[] = isObject(bundle) && Array.isArray(bundle.entry) ? bundle.entry : [];
  for (const [index, entry] of entries.entries()) {
    const resource = isObject(entry) ? entry.resource : undefined;
    const type = isObject(resource) && typeof resource.resourceType === 'string' ? resource.resourceType : 'Resource';
    await check(type, resource, `entry/${index} ${type} `);
  }
  return problems;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
