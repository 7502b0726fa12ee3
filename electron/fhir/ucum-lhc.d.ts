// The parts of @lhncbc/ucum-lhc (no types of its own) that ucum-units.ts uses.
declare module '@lhncbc/ucum-lhc' {
  interface UcumUnit {
    printSymbol_?: string | null;
    isMetric_?: boolean;
  }
  export const UcumLhcUtils: { getInstance(): { validateUnitString(code: string, suggest?: boolean): { status: string } } };
  export const UnitTables: { getInstance(): { getUnitByCode(code: string): UcumUnit | null | undefined } };
}

declare module '@lhncbc/ucum-lhc/source-cjs/prefixTables.js' {
  export const PrefixTables: {
    getInstance(): { getPrefixByCode(code: string): { printSymbol_?: string | null; code_: string } | null | undefined };
  };
}
