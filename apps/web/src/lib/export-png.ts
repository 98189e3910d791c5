import type { Zippable } from 'fflate';
import { downloadBlob } from './download';

/** One panel to capture: its file name (without extension) and its DOM node. */
export interface PngSource {
  name: string;
  node: HTMLElement;
}

/** File-name safe form of a panel title ("Age bands" → "age-bands"; Japanese letters kept). */
export const fileSafe = (name: string): string =>
  name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\\/:*?"<>|\s-]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'panel';

/**
 * A PNG of a DOM node, drawn by html-to-image (loaded on first use so it stays out of every page
 * that never exports). White background and 2× pixels so the image stays legible when pasted.
 */
export async function renderPng(node: HTMLElement): Promise<Blob> {
  const { toBlob } = await import('html-to-image');
  const blob = await toBlob(node, {
    backgroundColor: '#ffffff',
    pixelRatio: 2,
    // The app has no web fonts (system fonts only): skip html-to-image's scan of every style sheet
    // for @font-face rules, which it would repeat for each panel of "Export all".
    skipFonts: true,
    // Buttons and other controls marked data-export-ignore stay out of the picture.
    filter: (child) => !(child instanceof HTMLElement && child.dataset.exportIgnore !== undefined),
  });
  if (blob === null) throw new Error('The panel could not be drawn as an image.');
  return blob;
}

/** Saves one panel as `<name>.png`. */
export async function exportPng(source: PngSource): Promise<void> {
  downloadBlob(await renderPng(source.node), `${fileSafe(source.name)}.png`);
}

/** A blob's bytes (FileReader where Blob#arrayBuffer is missing, as in older engines and jsdom). */
export const blobBytes = async (blob: Blob): Promise<Uint8Array> => {
  if (typeof blob.arrayBuffer === 'function') return new Uint8Array(await blob.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read.'));
    reader.readAsArrayBuffer(blob);
  });
};

/** Unique file names inside a zip: a repeated name gets "-2", "-3"… */
const uniqueNames = (names: string[]): string[] => {
  const seen = new Map<string, number>();
  return names.map((raw) => {
    const name = fileSafe(raw);
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? `${name}.png` : `${name}-${n}.png`;
  });
};

/** Progress of a zip being drawn: panels drawn so far, out of how many. */
export type ZipProgress = (done: number, total: number) => void;

/** Lets the browser paint (a progress label) between two drawings, which each hold the main thread. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The zip of one PNG per source (fflate, also loaded on first use). PNGs are stored, not deflated
 * again. Drawn one at a time: html-to-image clones the page's styles per call, and parallel calls
 * on a slow machine only fight over the main thread.
 */
export async function zipPngs(sources: PngSource[], onProgress?: ZipProgress): Promise<Blob> {
  const { zipSync } = await import('./zip');
  const images: Uint8Array[] = [];
  onProgress?.(0, sources.length);
  for (const source of sources) {
    await nextTask();
    images.push(await blobBytes(await renderPng(source.node)));
    onProgress?.(images.length, sources.length);
  }
  const names = uniqueNames(sources.map((s) => s.name));
  const files: Zippable = {};
  names.forEach((name, i) => (files[name] = [images[i]!, { level: 0 }]));
  return new Blob([zipSync(files)], { type: 'application/zip' });
}

/** Saves every source as a PNG inside `<zipName>.zip`. */
export async function exportZip(
  sources: PngSource[],
  zipName: string,
  onProgress?: ZipProgress,
): Promise<void> {
  downloadBlob(await zipPngs(sources, onProgress), `${fileSafe(zipName)}.zip`);
}
