// Vitest setup: the word tables the page loads on demand (the Records and Settings screens' own, and Hindi), joined
// before any test reads a word, as a desk has them once those screens have opened and Hindi was chosen.
import { addStrings, loadHindi } from '../../renderer/lib/i18n';
import { recordsStrings } from '../../renderer/lib/records/i18n-records';
import { settingsStrings } from '../../renderer/lib/settings/i18n-settings';

addStrings(recordsStrings);
addStrings(settingsStrings);
await loadHindi();
