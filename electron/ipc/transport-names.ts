// The two Electron IPC channel names that carry the whole contract (kept apart so preload stays tiny).
export const INVOKE_CHANNEL = 'abha-desk:invoke';
export const EVENT_CHANNEL = 'abha-desk:event';
