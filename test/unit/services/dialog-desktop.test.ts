// The app's save and print dialogs (electron/services/desktop/dialog-desktop.ts), driven through a fake of the two Electron
// calls it uses. Expected values come from Electron's API (electron.d.ts, v45): showSaveDialog answers
// `{ canceled, filePath }` (filePath '' when cancelled); webContents.print calls back `(success, failureReason)` with
// failureReason "Print job canceled", "Print job failed" or "Invalid printer settings"; a custom pageSize is
// `{ width, height }` in microns (electron/electron#33097).
import { lstatSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { printGeometry } from '../../../electron/cards/print-layout';
import { dialogDesktop, type DesktopSeam, type PrintOptions, type SaveDialogOptions } from '../../../electron/services/desktop/dialog-desktop';

const posixOnly = it.skipIf(process.platform === 'win32');
let folder: string;

beforeEach(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'abha-desk-dialog-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

interface FakeWindow {
  loaded: string[];
  printedWith: PrintOptions[];
  destroyed: number;
}

/** A seam whose save dialog answers `answer` and whose print window calls back `printAnswer`. */
function fakeSeam(opts: { answer?: { canceled: boolean; filePath: string }; printAnswer?: [boolean, string]; loadFails?: boolean } = {}) {
  const asked: SaveDialogOptions[] = [];
  const windows: FakeWindow[] = [];
  const seam: DesktopSeam = {
    async showSaveDialog(options) {
      asked.push(options);
      return opts.answer ?? { canceled: true, filePath: '' };
    },
    openPrintWindow() {
      const window: FakeWindow = { loaded: [], printedWith: [], destroyed: 0 };
      windows.push(window);
      return {
        async loadURL(url) {
          if (opts.loadFails) throw new Error('ERR_FAILED');
          window.loaded.push(url);
        },
        print(options, callback) {
          window.printedWith.push(options);
          const [success, reason] = opts.printAnswer ?? [true, ''];
          setImmediate(() => callback(success, reason));
        },
        destroy() {
          window.destroyed += 1;
        },
      };
    },
  };
  return { seam, asked, windows };
}

describe('save dialog', () => {
  it('suggests the name, offers the format’s filter and asks before replacing a file', async () => {
    const { seam, asked } = fakeSeam();
    await dialogDesktop(seam).save('ABHA-card-91-4820-1736-5529-25-11-2026.pdf', 'pdf', Buffer.from('%PDF'));
    await dialogDesktop(seam).save('day.csv', 'file', Buffer.from('a,b'));
    expect(asked).toEqual([
      { defaultPath: 'ABHA-card-91-4820-1736-5529-25-11-2026.pdf', filters: [{ name: 'PDF document', extensions: ['pdf'] }], properties: ['showOverwriteConfirmation'] },
      { defaultPath: 'day.csv', filters: [{ name: 'All files', extensions: ['*'] }], properties: ['showOverwriteConfirmation'] },
    ]);
  });

  posixOnly('writes the file only where the operator chose, readable by the operator alone', async () => {
    const chosen = path.join(folder, 'card.svg');
    const { seam } = fakeSeam({ answer: { canceled: false, filePath: chosen } });
    expect(await dialogDesktop(seam).save('suggested.svg', 'svg', Buffer.from('<svg/>'))).toEqual({ saved: true, path: chosen });
    expect(readFileSync(chosen, 'utf8')).toBe('<svg/>');
    expect(statSync(chosen).mode & 0o777).toBe(0o600);
  });

  it('a cancelled dialog saves nothing and says so', async () => {
    const { seam } = fakeSeam({ answer: { canceled: true, filePath: '' } });
    expect(await dialogDesktop(seam).save(path.join(folder, 'card.png'), 'png', Buffer.from('png'))).toEqual({ saved: false });
    expect(existsSync(path.join(folder, 'card.png'))).toBe(false);
  });

  posixOnly('refuses a link at the chosen name and leaves the file it points to alone', async () => {
    const victim = path.join(folder, 'victim.txt');
    writeFileSync(victim, 'not yours');
    const chosen = path.join(folder, 'card.pdf');
    symlinkSync(victim, chosen);
    const { seam } = fakeSeam({ answer: { canceled: false, filePath: chosen } });
    await expect(dialogDesktop(seam).save('card.pdf', 'pdf', Buffer.from('%PDF'))).rejects.toMatchObject({ code: 'SAVE_TARGET_UNSAFE', params: { path: chosen } });
    expect(readFileSync(victim, 'utf8')).toBe('not yours');
    expect(lstatSync(chosen).isSymbolicLink()).toBe(true);
  });
});

describe('print dialog', () => {
  const html = '<!doctype html><title>card</title><p>card</p>';

  it('prints the page itself at the layout’s paper size in microns, without margins, with backgrounds, asking the operator', async () => {
    const { seam, windows } = fakeSeam();
    expect(await dialogDesktop(seam).print({ title: 'card', html, geometry: printGeometry('cr80') })).toEqual({ printed: true });
    await dialogDesktop(seam).print({ title: 'record', html, geometry: printGeometry('a4') });
    expect(windows[0]!.loaded).toEqual([`data:text/html;base64,${Buffer.from(html).toString('base64')}`]);
    expect(windows.map((window) => window.printedWith[0])).toEqual([
      { silent: false, printBackground: true, margins: { marginType: 'none' }, pageSize: { width: 85_600, height: 54_000 } },
      { silent: false, printBackground: true, margins: { marginType: 'none' }, pageSize: { width: 210_000, height: 297_000 } },
    ]);
    expect(windows.map((window) => window.destroyed)).toEqual([1, 1]);
  });

  it('a cancelled print dialog is "not printed", not a failure', async () => {
    const { seam, windows } = fakeSeam({ printAnswer: [false, 'Print job canceled'] });
    expect(await dialogDesktop(seam).print({ title: 'card', html, geometry: printGeometry('a4') })).toEqual({ printed: false });
    expect(windows[0]!.destroyed).toBe(1);
  });

  it('a failed print job is PRINT_FAILED, with settings refusals told apart, and the window still closes', async () => {
    for (const [reason, expected] of [
      ['Print job failed', 'failed'],
      ['Invalid printer settings', 'printer-settings'],
    ] as const) {
      const { seam, windows } = fakeSeam({ printAnswer: [false, reason] });
      await expect(dialogDesktop(seam).print({ title: 'card', html, geometry: printGeometry('a4') })).rejects.toMatchObject({
        code: 'PRINT_FAILED',
        params: { reason: expected, detail: reason },
      });
      expect(windows[0]!.destroyed).toBe(1);
    }
  });

  it('closes the hidden window even when the page cannot be loaded', async () => {
    const { seam, windows } = fakeSeam({ loadFails: true });
    await expect(dialogDesktop(seam).print({ title: 'card', html, geometry: printGeometry('a4') })).rejects.toThrow('ERR_FAILED');
    expect(windows[0]!.printedWith).toEqual([]);
    expect(windows[0]!.destroyed).toBe(1);
  });
});
