// What every screen shares: app info and settings from main, kept current by the settings.changed event.
import { findApi, type AbhaDeskApi, type AppError, type AppInfo, type FieldIssue, type Settings } from './api';
import { errorText, fieldText } from './error-text';
import { devanagariLoaded } from './fonts';
import { fill, loadHindi, translate, type Language, type StringKey } from './i18n';

export const app = $state({
  info: undefined as AppInfo | undefined,
  settings: undefined as Settings | undefined,
  /** Set when the app cannot start; shown instead of the screens. */
  failure: undefined as string | undefined,
});

/** Whether the Hindi words (their own chunk, i18n-hi.ts) have arrived. */
const words = $state({ hindi: false });

/** The desk's language once its words are here: Hindi that is still loading reads as English for those moments. */
export function language(): Language {
  const chosen = app.settings?.language ?? 'en';
  if (chosen === 'en' || words.hindi) return chosen;
  void useHindi();
  return 'en';
}

/** Loads the Hindi words, before a desk shows or switches to Hindi (start-up, the language switch). */
export async function useHindi(): Promise<void> {
  await loadHindi();
  words.hindi = true;
}

/** Reactive in templates: reads the current language from state. */
export function t(key: StringKey): string {
  return translate(language(), key);
}

/** A failure main reported, in the current language (reactive like t()). */
export function te(error: AppError): string {
  return errorText(error, language());
}

/** Each field's problem, by field path, in the current language (reactive like t()). */
export function tfields(issues: Iterable<FieldIssue>): Record<string, string> {
  return Object.fromEntries([...issues].map((issue) => [issue.path, fieldText(issue, language())]));
}

/** t() with values for the string's {placeholders}. */
export function tf(key: StringKey, values: Record<string, string | number>): string {
  return fill(translate(language(), key), values);
}

export function api(): AbhaDeskApi {
  const found = findApi();
  if (!found) throw new Error('window.abhaDesk is not defined');
  return found;
}

export async function loadApp(): Promise<void> {
  const found = findApi();
  if (!found) {
    app.failure = translate('en', 'app.noBridge');
    return;
  }
  found.on('settings.changed', (settings) => {
    app.settings = settings;
  });
  // The screens wait for the Devanagari font too (see fonts.ts); until then only the English "Starting…" shows.
  const [info, settings] = await Promise.all([found.app.info(), found.settings.get(), devanagariLoaded()]);
  if (settings.ok && settings.value.language === 'hi') await useHindi();
  if (!info.ok || !settings.ok) {
    const error = !info.ok ? info.error : !settings.ok ? settings.error : undefined;
    app.failure = `${translate('en', 'app.noBridge')} ${error ? errorText(error, 'en') : ''}`.trim();
    return;
  }
  app.info = info.value;
  app.settings = settings.value;
}

/** The settings' environment also decides app.info's environment; keep both in step after a save. */
export function applySettings(settings: Settings): void {
  app.settings = settings;
  if (app.info) app.info.environment = settings.environment;
}
