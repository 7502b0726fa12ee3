// The desk's camera for photographing a paper: getUserMedia, then one frame drawn on a canvas and taken as a JPEG.
// A browser says why a camera will not start by the error's name; the clerk is told it in plain words.

export type CameraProblem = 'no-camera' | 'refused' | 'busy' | 'unsupported';

/** What stopped the camera, from the DOMException getUserMedia rejects with (Media Capture and Streams §10). */
export function cameraProblemOf(error: unknown): CameraProblem {
  const name = error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error) ? String((error as { name: unknown }).name) : '';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'no-camera';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'refused';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'unsupported';
}

export type CameraStart = { ok: true; stream: MediaStream } | { ok: false; problem: CameraProblem };

/** Asks for the camera (a document camera or webcam; the back camera where there are two). */
export async function startCamera(media: MediaDevices | undefined = navigator.mediaDevices): Promise<CameraStart> {
  if (!media?.getUserMedia) return { ok: false, problem: 'unsupported' };
  try {
    const stream = await media.getUserMedia({ video: { facingMode: 'environment', width: { ideal: 1920 }, height: { ideal: 1080 } }, audio: false });
    return { ok: true, stream };
  } catch (error) {
    return { ok: false, problem: cameraProblemOf(error) };
  }
}

export function stopCamera(stream: MediaStream | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** The frame on screen as a JPEG data: URL (quality 0.9: a paper's small print stays readable). */
export function snapshotJpeg(video: HTMLVideoElement): string {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0);
  return canvas.toDataURL('image/jpeg', 0.9);
}
