// Which of the page's permission requests main grants. Only one: the desk's camera, for photographing a paper handed
// in at the counter (issue 26), asked by the app's own page, for video alone. The microphone, notifications, location,
// the clipboard and every other permission stay refused, as does the camera for anything that is not the app.

/** A request as Electron's permission handlers describe it (setPermissionRequestHandler / setPermissionCheckHandler). */
export interface PermissionAsk {
  permission: string;
  /** The page asking: the request handler's details.requestingUrl, the check handler's requestingOrigin. */
  requestingUrl: string;
  /** The request handler's details.mediaTypes ('video', 'audio'); absent on a check. */
  mediaTypes?: readonly string[];
  /** The check handler's details.mediaType ('video', 'audio', 'unknown'). */
  mediaType?: string;
}

export function grantsPermission(ask: PermissionAsk, isAppPage: (url: string) => boolean): boolean {
  if (ask.permission !== 'media' || !isAppPage(ask.requestingUrl)) return false;
  if (ask.mediaTypes) return ask.mediaTypes.length > 0 && ask.mediaTypes.every((type) => type === 'video');
  return ask.mediaType === 'video';
}
