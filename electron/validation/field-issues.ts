// Turns zod's issues into the app's field issues (electron/shared/errors.ts): a code per problem with its
// parameters, which the renderer words in the operator's language. Schemas name their own problems by giving a
// field-issue code as the issue's message; zod's built-in checks are mapped by kind.
import type { z } from 'zod';
import { isFieldIssueCode, type FieldIssue, type FieldIssueCode, type MessageParams } from '../shared/errors';

export type Parsed<T> = { ok: true; data: T } | { ok: false; fields: FieldIssue[] };

/** Validates `value`; a refusal lists every field issue. */
export function parseFields<S extends z.ZodType>(schema: S, value: unknown): Parsed<z.output<S>> {
  // reportInput tells a missing field from a wrong one; the input itself never leaves this function.
  const parsed = schema.safeParse(value, { reportInput: true });
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, fields: issuesAt([], parsed.error.issues) };
}

function issuesAt(prefix: PropertyKey[], issues: readonly z.core.$ZodIssue[]): FieldIssue[] {
  return issues.flatMap((issue): FieldIssue[] => {
    const at = [...prefix, ...issue.path];
    const path = at.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: path ? `${path}.${key}` : key, code: 'unknown-field' as const }));
    }
    // "'' or a URL": the last alternative is the real rule, and says what is wrong with what was typed.
    if (issue.code === 'invalid_union' && issue.errors.length > 0) return issuesAt(at, issue.errors.at(-1)!);
    const [code, params] = isFieldIssueCode(issue.message) ? [issue.message, paramsOf(issue)] : builtIn(issue);
    return [params ? { path, code, params } : { path, code }];
  });
}

function builtIn(issue: z.core.$ZodIssue): [FieldIssueCode, MessageParams?] {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? ['required'] : ['wrong-type', { expected: String(issue.expected) }];
    case 'too_big':
      return issue.origin === 'string' ? ['too-long', { max: Number(issue.maximum) }] : ['out-of-range', { max: Number(issue.maximum) }];
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? ['required'] : ['too-short', { min: Number(issue.minimum) }];
      return ['out-of-range', { min: Number(issue.minimum) }];
    case 'invalid_format':
      return issue.format === 'url' ? ['url'] : issue.format === 'email' ? ['email'] : ['wrong-format', { format: issue.format }];
    default:
      return ['not-allowed'];
  }
}

/** Parameters a schema attached to its own issue (`ctx.addIssue({ …, params })`). */
function paramsOf(issue: z.core.$ZodIssue): MessageParams | undefined {
  const params = 'params' in issue ? (issue.params as MessageParams | undefined) : undefined;
  return params && Object.keys(params).length ? params : undefined;
}
