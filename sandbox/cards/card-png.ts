import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import type { Account } from '../state';
import { CARD_FONT_FAMILY, cardSvg } from './card-svg';

// resvg draws text only with fonts it is given. System fonts differ per machine (and may be absent),
// so the card is rendered with Roboto TTFs shipped in an npm package.
const require = createRequire(import.meta.url);
const FONT_FILES = [
  require.resolve('@expo-google-fonts/roboto/400Regular/Roboto_400Regular.ttf'),
  require.resolve('@expo-google-fonts/roboto/700Bold/Roboto_700Bold.ttf'),
];

export function renderSvgToPng(svg: string): Buffer {
  const resvg = new Resvg(svg, {
    font: { loadSystemFonts: false, fontFiles: FONT_FILES, defaultFontFamily: CARD_FONT_FAMILY, sansSerifFamily: CARD_FONT_FAMILY },
  });
  return resvg.render().asPng();
}

export async function cardPng(account: Account): Promise<Buffer> {
  return renderSvgToPng(await cardSvg(account));
}
