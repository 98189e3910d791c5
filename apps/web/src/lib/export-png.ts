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

/** A list of names from lines of names separated by spaces. */
const words = (...lines: string[]): string[] => lines.join(' ').split(' ');

/**
 * The CSS properties copied onto each element of a drawing: what a panel's boxes, text, tables,
 * flex and grid layouts and SVG shapes look like. html-to-image otherwise copies every property
 * the browser lists (833 in Chromium 156, over half of them the design system's custom properties),
 * on every element: a panel's picture was an SVG of ~2.8 MB that the browser then parsed again.
 * With this list the 35 insights panels drew 3.5× faster (16.3 s → 4.6 s in Chromium, 2026-11-27)
 * into pixel-identical PNGs (every panel of every tab compared pixel by pixel against the full copy).
 * Animation, transition, interaction and scrolling properties are left out: a still picture has none.
 */
const DRAWN_PROPERTIES: readonly string[] = [
  // Boxes and positions
  ...words(
    'display position top right bottom left z-index float clear box-sizing width height min-width',
    'min-height max-width max-height aspect-ratio margin-top margin-right margin-bottom',
    'margin-left padding-top padding-right padding-bottom padding-left border-top-width',
    'border-right-width border-bottom-width border-left-width border-top-style border-right-style',
    'border-bottom-style border-left-style border-top-color border-right-color',
    'border-bottom-color border-left-color border-top-left-radius border-top-right-radius',
    'border-bottom-right-radius border-bottom-left-radius overflow-x overflow-y visibility',
    'opacity clip-path filter mix-blend-mode box-shadow outline-style outline-width outline-color',
    'outline-offset transform transform-origin translate rotate scale',
  ),
  // Tables and lists
  ...words(
    'border-collapse border-spacing table-layout caption-side empty-cells list-style-type',
    'list-style-position list-style-image',
  ),
  // Colours and backgrounds
  ...words(
    'color background-color background-image background-size background-position-x',
    'background-position-y background-repeat background-clip background-origin',
  ),
  // Text
  ...words(
    'font-family font-size font-weight font-style font-stretch font-variant-numeric',
    'font-variant-caps font-feature-settings font-kerning line-height letter-spacing word-spacing',
    'text-align text-indent text-transform text-decoration-line text-decoration-color',
    'text-decoration-style text-decoration-thickness text-underline-offset text-shadow',
    'text-overflow white-space-collapse text-wrap-mode text-wrap-style word-break overflow-wrap',
    'line-break hyphens vertical-align direction unicode-bidi writing-mode -webkit-line-clamp',
    '-webkit-box-orient line-clamp content',
  ),
  // Flex and grid
  ...words(
    'flex-direction flex-wrap flex-grow flex-shrink flex-basis justify-content justify-items',
    'justify-self align-items align-self align-content order row-gap column-gap',
    'grid-template-columns grid-template-rows grid-template-areas grid-auto-flow',
    'grid-auto-columns grid-auto-rows grid-column-start grid-column-end grid-row-start',
    'grid-row-end',
  ),
  // Images and SVG
  ...words(
    'object-fit object-position fill fill-opacity fill-rule stroke stroke-width stroke-opacity',
    'stroke-dasharray stroke-dashoffset stroke-linecap stroke-linejoin stroke-miterlimit',
    'text-anchor dominant-baseline alignment-baseline baseline-shift paint-order vector-effect',
    'shape-rendering r rx ry cx cy x y d stop-color stop-opacity marker-start marker-mid',
    'marker-end clip-rule mask',
  ),
];

/**
 * The list handed to html-to-image (which keeps the first list it is given, so it is always this
 * array): the drawn properties, plus every custom property an element of a drawn node names in an
 * attribute (an SVG's `fill="var(--mantine-primary-color-filled)"`). SVG content is cloned as it
 * is, without copied styles, so such a variable must be defined on an ancestor in the clone.
 */
const styleProperties: string[] = [...DRAWN_PROPERTIES];
const VARIABLE = /var\((--[\w-]+)/g;

function withVariablesOf(node: HTMLElement): string[] {
  for (const element of [node, ...node.querySelectorAll('*')])
    for (const attribute of element.attributes)
      if (attribute.value.includes('var('))
        for (const [, name] of attribute.value.matchAll(VARIABLE))
          if (name !== undefined && !styleProperties.includes(name)) styleProperties.push(name);
  return styleProperties;
}

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
    includeStyleProperties: withVariablesOf(node),
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
