// A PDF that arrived in a health record, drawn page by page onto canvases with pdf.js. Loaded lazily (it is most of
// the viewer's weight). Safe by construction: pdf.js's core never runs a PDF's JavaScript (that needs its separate
// scripting sandbox, which is not loaded), no annotation or form layer is drawn (so no links to follow), XFA is off,
// and nothing is fetched: the bytes come from main, fonts missing from the PDF fall back to system fonts.
import { GlobalWorkerOptions, PDFWorker, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

// One worker for the page, started on the first PDF: a worker per PDF would load and compile the 1.3 MB worker
// module each time (about 60 ms, bench/records-screen.ts). Destroying a document leaves a worker it was given running.
let worker: PDFWorker | undefined;

/** Pages drawn at most; a longer PDF says how many more there are and can be saved instead. */
export const MAX_PAGES = 20;

export interface DrawnPage {
  canvas: HTMLCanvasElement;
  /** The page's text, for screen readers and search (the canvas alone is only pixels). */
  text: string;
}

export interface DrawnPdf {
  pageCount: number;
  pages: DrawnPage[];
}

/** Draws the first MAX_PAGES pages at `width` CSS pixels (sharp on high-density screens). */
export async function drawPdf(bytes: Uint8Array, width: number): Promise<DrawnPdf> {
  worker ??= new PDFWorker();
  const task = getDocument({ data: bytes, worker, enableXfa: false, stopAtErrors: false });
  const document: PDFDocumentProxy = await task.promise;
  try {
    const pages: DrawnPage[] = [];
    for (let number = 1; number <= Math.min(document.numPages, MAX_PAGES); number += 1) {
      pages.push(await drawPage(document, number, width));
    }
    return { pageCount: document.numPages, pages };
  } finally {
    void task.destroy();
  }
}

async function drawPage(document: PDFDocumentProxy, number: number, width: number): Promise<DrawnPage> {
  const page = await document.getPage(number);
  const scale = width / page.getViewport({ scale: 1 }).width;
  const density = window.devicePixelRatio || 1;
  const viewport = page.getViewport({ scale: scale * density });
  const canvas = window.document.createElement('canvas');
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  canvas.style.width = `${Math.floor(viewport.width / density)}px`;
  // annotationMode 0 = DISABLE: forms, links and widgets are not drawn or made live.
  await page.render({ canvas, viewport, annotationMode: 0 }).promise;
  const content = await page.getTextContent();
  const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join('');
  return { canvas, text: text.replace(/[ \t]+\n/g, '\n').trim() };
}

/** The bytes of a data: URL as main sent them (records.attachment). */
export function dataUrlBytes(dataUrl: string): Uint8Array {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
