// Words a schema refusal for whoever reads the bridge's 400: the field path first (`resp.requestId: required`), as
// the gateway words its own (`consent.permission: must not be null`).
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

/** At most `limit` issues, `path: problem` each, joined with '; '. */
export function describeIssues(issues: readonly Issue[], limit = 3): string {
  const lines = issues.flatMap((issue) => flatten([], issue));
  const shown = lines.slice(0, limit).join('; ');
  return lines.length > limit ? `${shown}; and ${lines.length - limit} more` : shown;
}

function flatten(prefix: PropertyKey[], issue: Issue): string[] {
  const at = [...prefix, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    // The branch that came closest (fewest issues) says best what is wrong; an EntryContent missing a field, say.
    const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0]!;
    return closest.flatMap((inner) => flatten(at, inner));
  }
  return [`${at.map(String).join('.') || '(body)'}: ${problem(issue)}`];
}

function problem(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'required';
      if (issue.input === null) return `must not be null (expected ${issue.expected})`;
      return `expected ${issue.expected}, got ${Array.isArray(issue.input) ? 'array' : typeof issue.input}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_small':
      return issue.origin === 'string' ? 'must not be empty' : `must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return issue.origin === 'string' ? `longer than ${String(issue.maximum)} characters` : `must be at most ${String(issue.maximum)}`;
    default:
      return issue.message;
  }
}
