// FHIR R4's own JSON schema (reference/fhir/fhir.schema.json, HL7's fhir.schema.json for 4.0.1, see SOURCE.md there)
// as a check on a bundle the desk built: the Bundle, then each entry's resource against its own definition, so a
// problem is named by the resource it is in (the Bundle's definition reaches resources through a one-of-all, whose
// errors name every resource type but the right one).
import Ajv, { type ValidateFunction } from 'ajv';

const SCHEMA_ID = 'fhir-r4';

let ajv: Ajv | null = null;
const validators = new Map<string, ValidateFunction>();

/** Compiles on first use (about 2 s for the whole R4 schema, once per run). */
async function compiler(): Promise<Ajv> {
  if (ajv) return ajv;
  const loaded = (await import('../../reference/fhir/fhir.schema.json', { with: { type: 'json' } })) as { default: Record<string, unknown> };
  // Draft-06 with the old `id`; ajv takes it as a plain schema under an id of ours. `discriminator` and the other
  // annotations are not keywords ajv checks: strict mode off.
  const { $schema: _draft, id: _id, ...schema } = loaded.default;
  const next = new Ajv({ strict: false, validateSchema: false, allErrors: false, unicodeRegExp: false });
  next.addSchema({ ...schema, $id: SCHEMA_ID });
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
  const entries = isObject(bundle) && Array.isArray(bundle.entry) ? bundle.entry : [];
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
