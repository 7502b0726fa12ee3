// In the page (bundled into the web-mode shim): takes what main handed over (browser-desktop.ts). A download is an
// <a download> click on the one-time URL; a print page is loaded in a hidden same-origin frame whose print() opens the
// browser's print dialog, as Electron's hidden window opens the system one. The page's CSP allows frames from the
// handover path only (page.ts); sizes are set through the CSSOM, which the CSP's style-src does not govern.
import type { Handover } from './protocol';

const PRINT_FRAME = 'data-abha-desk-print';

export function takeHandover(handover: Handover): void {
  if (handover.kind === 'download') download(handover);
  else printInFrame(handover);
}

function download(handover: Handover): void {
  const link = document.createElement('a');
  link.href = handover.url;
  link.download = handover.name;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

function printInFrame(handover: Handover): void {
  // One print at a time: a frame left by a print that did not finish goes.
  for (const old of document.querySelectorAll(`iframe[${PRINT_FRAME}]`)) old.remove();
  const frame = document.createElement('iframe');
  frame.setAttribute(PRINT_FRAME, '');
  frame.title = handover.name;
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  // Out of sight but laid out: some browsers print nothing from a display:none or hidden frame.
  Object.assign(frame.style, { position: 'fixed', right: '0', bottom: '0', width: '0', height: '0', border: '0' });
  // The operator's place on the screen (the Print button) keeps the focus, so the keyboard goes on working.
  const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  frame.addEventListener(
    'load',
    () => {
      const view = frame.contentWindow;
      if (!view) return;
      // print() returns once the dialog is closed (the page waits meanwhile), so the frame has done its work.
      view.print();
      if (document.activeElement === frame) returnTo?.focus();
      frame.remove();
    },
    { once: true },
  );
  frame.src = handover.url;
  document.body.append(frame);
}
