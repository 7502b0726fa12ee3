import { mount } from 'svelte';
import App from './App.svelte';
// Hindi must not render as boxes where the system has no Devanagari font (many Linux desks).
import '@fontsource/noto-sans-devanagari/devanagari-400.css';
import '@fontsource/noto-sans-devanagari/devanagari-700.css';
import './styles.css';

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');
await loadDevanagari();
mount(App, { target });

/**
 * Chromium keeps boxes for Devanagari text laid out while the web font was still loading, so the font is
 * loaded before the first render. It is a file of the app itself: this takes milliseconds, and never blocks
 * the start for more than a second.
 */
async function loadDevanagari(): Promise<void> {
  const fonts = Promise.all(['400', '700'].map((weight) => document.fonts.load(`${weight} 1em "Noto Sans Devanagari"`, 'अ')));
  const limit = new Promise((resolve) => setTimeout(resolve, 1000));
  await Promise.race([fonts, limit]).catch(() => undefined);
}
