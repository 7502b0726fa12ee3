// The front-desk screens (Enrol, Verify, Patient, Settings: one chunk, vite.config.ts) asked for the moment the app's
// script starts to run, before the rest of it is evaluated and the app mounted: main.ts imports this file first, so the
// chunk comes over the wire while the browser is still busy with the first script rather than after it
// (docs/performance.md). App.svelte draws them at once when they are here.
import type { Component } from 'svelte';

export const frontDeskScreens = Promise.all([
  import('./screens/Enrol.svelte'),
  import('./screens/Verify.svelte'),
  import('./screens/Patient.svelte'),
  import('./screens/Settings.svelte'),
]).then(([enrol, verify, patient, settings]) => ({
  enrol: enrol.default as Component,
  verify: verify.default as Component,
  patient: patient.default as Component,
  settings: settings.default as Component,
}));
// A failure is shown by App.svelte, which waits on the same promise; this only keeps it from being reported twice.
frontDeskScreens.catch(() => {});
