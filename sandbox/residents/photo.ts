import { Resvg } from '@resvg/resvg-js';

const SKIN = ['#8d5524', '#c68642', '#e0ac69', '#a1665e', '#7a4a2a'];
const BACKGROUND = ['#dfe8f2', '#e8f0e2', '#f2e8df', '#ece2f0'];
const HAIR = ['#1b1b1b', '#2e1f14', '#3b2a1e'];

// Photos are redrawn on demand; the cache keeps the sandbox from re-rendering per request.
const cache = new Map<string, Buffer>();
const CACHE_LIMIT = 500;

function pickColour(list: string[], seed: string, at: number): string {
  return list[parseInt(seed.slice(at, at + 2), 16) % list.length]!;
}

/** A passport-style head-and-shoulders silhouette; no text, so no font is needed to render it. */
export function photoSvg(photoSeed: string): string {
  const skin = pickColour(SKIN, photoSeed, 0);
  const background = pickColour(BACKGROUND, photoSeed, 2);
  const hair = pickColour(HAIR, photoSeed, 4);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="150" viewBox="0 0 120 150">
<rect width="120" height="150" fill="${background}"/>
<path d="M10 150 C12 112 38 100 60 100 C82 100 108 112 110 150 Z" fill="#3f5f8a"/>
<rect x="50" y="82" width="20" height="24" fill="${skin}"/>
<ellipse cx="60" cy="60" rx="27" ry="33" fill="${skin}"/>
<path d="M33 58 C31 28 52 22 60 22 C74 22 90 30 87 58 C82 40 70 36 60 36 C48 36 38 42 33 58 Z" fill="${hair}"/>
</svg>`;
}

/** PNG bytes of the resident's photo (the real service returns a base64 JPEG from UIDAI eKYC). */
export function photoPng(photoSeed: string): Buffer {
  let png = cache.get(photoSeed);
  if (!png) {
    png = new Resvg(photoSvg(photoSeed), { font: { loadSystemFonts: false } }).render().asPng();
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(photoSeed, png);
  }
  return png;
}
