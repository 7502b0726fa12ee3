// First, so that the front-desk screens are asked for before the rest of this script is evaluated.
import './front-desk-screens';
import { mount } from 'svelte';
import App from './App.svelte';
// Hindi must not render as boxes where the system has no Devanagari font (many Linux desks).
import '@fontsource/noto-sans-devanagari/devanagari-400.css';
import '@fontsource/noto-sans-devanagari/devanagari-700.css';
import './styles.css';

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');
mount(App, { target });
