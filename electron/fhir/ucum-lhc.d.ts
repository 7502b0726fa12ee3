// The parts of @lhncbc/ucum-lhc (no types of its own) that ucum-units.ts uses.
declare module '@lhncbc/ucum-lhc' {
  interface UcumUnit {
    printSymbol_?: string | null;
    isMetric_?: boolean;
  }
  const ucum: {
    UcumLhcUtils: { getInstance(): { validateUnitString(code: string, suggest?: boolean): { status: string } } };
    UnitTables: { getInstance(): { getUnitByCode(code: string): UcumUnit | null | undefined } };
  };
  export default ucum;
}

declare module '@lhncbc/ucum-lhc/source-cjs/prefixTables.js' {
  const prefixes: {
    PrefixTables: { getInstance(): { getPrefixByCode(code: string): { printSymbol_?: string | null; code_: string } | null | undefined } };
  };
  export default prefixes;
}
