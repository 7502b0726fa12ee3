// Chromium keeps boxes for Devanagari text laid out while its web font is still loading, and does not
// redraw it once the font arrives. So the screens appear only after the bundled font has loaded: a file
// of the app itself, ready in milliseconds. A font that fails or lags never holds the app back for long.
const WAIT_AT_MOST_MS = 1500;

export async function devanagariLoaded(): Promise<void> {
  const faces = Promise.all(['400', '700'].map((weight) => document.fonts.load(`${weight} 1em "Noto Sans Devanagari"`, 'अ')));
  const limit = new Promise((resolve) => setTimeout(resolve, WAIT_AT_MOST_MS));
  await Promise.race([faces, limit]).catch(() => undefined);
}
