// UCUM unit codes (https://ucum.org) as a clerk reads them: each unit's print symbol from the UCUM tables of
// @lhncbc/ucum-lhc (the National Library of Medicine's reference implementation), so "mm[Hg]" reads "mmHg",
// "Cel" "°C", "10*3/uL" "×10³/μL" and "{steps}" "steps". A unit the library does not know as UCUM is shown as written.
// Named imports: the package is CommonJS marked __esModule, which Node, esbuild and Vite read alike only this way.
import { UcumLhcUtils, UnitTables } from '@lhncbc/ucum-lhc';
import { PrefixTables } from '@lhncbc/ucum-lhc/source-cjs/prefixTables.js';

// The tables load on the first unit shown, not when main starts (getInstance() reads UCUM's definitions then).
let tables: { checker: ReturnType<typeof UcumLhcUtils.getInstance>; units: ReturnType<typeof UnitTables.getInstance>; prefixes: ReturnType<typeof PrefixTables.getInstance> } | undefined;
function ucum() {
  tables ??= { checker: UcumLhcUtils.getInstance(), units: UnitTables.getInstance(), prefixes: PrefixTables.getInstance() };
  return tables;
}

// Only what the UCUM tables cannot show as a clerk expects: the spec's print symbol for [IU] is "i.U.", the library's
// for m[H2O] has its subscript out of place, and annotations ({tbl}) are free text that UCUM gives no print form.
const FALLBACK: Record<string, string> = { '[IU]': 'IU', 'm[H2O]': 'mH₂O', '{tbl}': 'tablet', '{cap}': 'capsule', '{puff}': 'puff', '{drop}': 'drop' };

const SUPERSCRIPT: Record<string, string> = { '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹', '-': '⁻', '+': '' };
const superscript = (digits: string) => [...digits].map((c) => SUPERSCRIPT[c] ?? c).join('');

const shown = new Map<string, string>();

/** The unit as it is printed: UCUM's print symbols for a valid UCUM code, else the text as written. */
export function displayUnit(code: string): string {
  let text = shown.get(code);
  if (text === undefined) {
    text = FALLBACK[code] ?? printForm(code) ?? code;
    if (shown.size < 1000) shown.set(code, text);
  }
  return text;
}

function printForm(code: string): string | null {
  if (code.length > 60 || /[()]/.test(code)) return null;
  try {
    if (ucum().checker.validateUnitString(code, false).status !== 'valid') return null;
    // Terms joined by "." (times) and "/" (per), each kept with the operator before it.
    const terms = code.match(/[./]?[^./]+/g) ?? [];
    const words = terms.map((term, index) => {
      const operator = term[0] === '.' || term[0] === '/' ? term[0] : '';
      const body = termText(operator ? term.slice(1) : term);
      if (body === null) throw new Error('unknown term');
      // a leading power of ten is a factor: "10*3/uL" reads "×10³/μL"
      const factor = index === 0 && /^10[*^]/.test(term) ? '×' : '';
      return `${operator === '.' ? '·' : operator}${factor}${body}`;
    });
    return words.join('');
  } catch {
    return null;
  }
}

/** One term: an annotation alone ("{steps}"), or a unit with an optional prefix, exponent and annotation. */
function termText(term: string): string | null {
  const annotation = /\{([^}]*)\}$/.exec(term);
  const unit = annotation ? term.slice(0, annotation.index) : term;
  if (unit === '') return annotation ? (FALLBACK[term] ?? annotation[1]!) : null;
  if (/^\d+$/.test(unit)) return unit;
  const power = /^10[*^]([+-]?\d+)$/.exec(unit);
  if (power) return `10${superscript(power[1]!)}`;
  const exponent = /([+-]?\d+)$/.exec(unit);
  const base = exponent ? unit.slice(0, exponent.index) : unit;
  const symbol = atomSymbol(base);
  return symbol === null ? null : `${symbol}${exponent ? superscript(exponent[1]!) : ''}`;
}

/** A unit atom, with a metric prefix when it has one: "mm[Hg]" → "m" + "mHg" → "mmHg". */
function atomSymbol(atom: string): string | null {
  const { units, prefixes } = ucum();
  const whole = units.getUnitByCode(atom);
  if (whole) return symbolOf(whole, atom);
  for (const length of [1, 2]) {
    const prefix = prefixes.getPrefixByCode(atom.slice(0, length));
    const rest = units.getUnitByCode(atom.slice(length));
    if (prefix && rest && rest.isMetric_) return `${plain(prefix.printSymbol_ ?? prefix.code_)}${symbolOf(rest, atom.slice(length))}`;
  }
  return null;
}

function symbolOf(unit: { printSymbol_?: string | null }, code: string): string {
  return FALLBACK[code] ?? plain(unit.printSymbol_ ?? code);
}

// Print symbols are written in HTML ("m&#160;H<sub>2</sub>O"): the markup and the no-break space go, as a clerk writes
// "mmHg" and "cmH2O".
function plain(symbol: string): string {
  return symbol.replace(/<[^>]*>/g, '').replace(/[\s\u00a0]+/g, '');
}
