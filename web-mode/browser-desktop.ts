// Web mode's desktop port: a browser has no save dialog or printer the server could drive, so the file or print page
// is put behind a one-time URL (handovers.ts) and the page that asked is told to take it (`tell`, over its
// WebSocket): a download through an <a download> click, or the print page in a hidden frame whose print() opens the
// browser's print dialog (browser-shim.ts). Each call returns once the browser fetched it, and says only that: a
// download was handed to the browser, a print dialog was opened; a browser never says whether paper came out.
import path from 'node:path';
import { AppFailure } from '../electron/shared/errors';
import type { DesktopPort, SaveFormat } from '../electron/services/desktop/desktop-port';
import { safeFileName } from '../electron/services/desktop/file-names';
import type { Handovers } from './handovers';
import type { Handover } from './protocol';

const CONTENT_TYPES: Record<SaveFormat, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  svg: 'image/svg+xml',
  file: 'application/octet-stream',
};

/** Tells the page that made the current call to take a handover; false when no such page is connected. */
export type TellPage = (handover: Handover) => boolean;

export function browserDesktop(handovers: Handovers, tell: TellPage): DesktopPort {
  async function handOver(handover: Omit<Handover, 'url'>, contentType: string, body: Buffer): Promise<void> {
    const { url, taken, withdraw } = handovers.offer({ kind: handover.kind, name: handover.name, contentType, body });
    if (!tell({ ...handover, url })) {
      // No page to take it: fail now rather than after a minute.
      taken.catch(() => undefined);
      withdraw();
      throw new AppFailure('HANDOVER_NOT_TAKEN', { params: { kind: handover.kind } });
    }
    await taken;
  }

  return {
    async save(suggestedName, format, data) {
      const name = safeFileName(path.basename(suggestedName));
      await handOver({ kind: 'download', name }, CONTENT_TYPES[format], Buffer.from(data));
      return { saved: true, download: name };
    },
    async print(job) {
      await handOver({ kind: 'print', name: job.title }, 'text/html; charset=utf-8', Buffer.from(job.html));
      return { printed: false, dialogOpened: true };
    },
  };
}
