// The fonts the poster PDF embeds. PDF's standard fonts hold Latin-1 only, so the Hindi lines need a font with
// Devanagari (and its shaping: conjuncts, vowel signs) embedded in the file: Noto Sans Devanagari, the font the app
// shows Hindi in (@fontsource/noto-sans-devanagari, SIL Open Font License). Fontsource splits each weight by script;
// the Latin file of the same family sets the Latin words inside a Hindi line ("ABHA", "QR"), so the line reads as one.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export type PosterFont = 'devanagari' | 'devanagari-bold' | 'latin' | 'latin-bold';

const FILES: Record<PosterFont, string> = {
  devanagari: 'noto-sans-devanagari-devanagari-400-normal.woff',
  'devanagari-bold': 'noto-sans-devanagari-devanagari-700-normal.woff',
  latin: 'noto-sans-devanagari-latin-400-normal.woff',
  'latin-bold': 'noto-sans-devanagari-latin-700-normal.woff',
};

let loaded: Map<PosterFont, Buffer> | null = null;

/** The font files' bytes, read once (about 100 KB together). */
export function posterFonts(): ReadonlyMap<PosterFont, Buffer> {
  if (!loaded) {
    const require = createRequire(import.meta.url);
    loaded = new Map(
      (Object.keys(FILES) as PosterFont[]).map((name) => [name, readFileSync(require.resolve(`@fontsource/noto-sans-devanagari/files/${FILES[name]}`))]),
    );
  }
  return loaded;
}

const DEVANAGARI = /[\u0900-\u097F\u1CD0-\u1CFF\uA8E0-\uA8FF\u200C\u200D]/;

/** A line cut into runs of one script: Devanagari, or everything else (spaces and punctuation go with the Latin). */
export function scriptRuns(line: string): { devanagari: boolean; text: string }[] {
  const runs: { devanagari: boolean; text: string }[] = [];
  for (const char of line) {
    const devanagari = DEVANAGARI.test(char);
    const last = runs.at(-1);
    if (last && last.devanagari === devanagari) last.text += char;
    else runs.push({ devanagari, text: char });
  }
  return runs;
}
