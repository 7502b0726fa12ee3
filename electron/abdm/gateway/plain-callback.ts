// What the services read of a callback, with every string value cleaned of control characters and text-direction
// marks (shared/plain-text.ts), so no name, title, reference or id the desk stores from ABDM can carry them. The
// inbox keeps the body exactly as it came; only what is applied from it is cleaned.
import { withoutControls } from '../../shared/plain-text';

export function plainCallback<T>(value: T): T {
  return clean(value) as T;
}

function clean(value: unknown): unknown {
  if (typeof value === 'string') return withoutControls(value);
  if (Array.isArray(value)) return value.map(clean);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, inner]) => [key, clean(inner)]));
  }
  return value;
}
