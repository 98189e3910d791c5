import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { readPng } from './png';

/** The insights screen's exports, kept as test artifacts under e2e/artifacts/exports/. */
export const EXPORTS_DIR = resolve(import.meta.dirname, '../artifacts/exports');

/** Exports one panel as PNG: a real, non-blank image of the panel, drawn at twice its on-screen size. */
export async function expectPanelPng(page: Page, panel: Locator, filename: string): Promise<void> {
  mkdirSync(EXPORTS_DIR, { recursive: true });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Export PNG' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(filename);
  const pngPath = `${EXPORTS_DIR}/${filename}`;
  await download.saveAs(pngPath);
  const png = readPng(readFileSync(pngPath));
  const box = (await panel.boundingBox())!;
  // Drawn at twice the pixels of the panel on screen.
  expect(png.width).toBeGreaterThanOrEqual(Math.floor(box.width * 2) - 2);
  expect(png.height).toBeGreaterThanOrEqual(Math.floor(box.height * 2) - 2);
  expect(png.inked, 'share of the image drawn on').toBeGreaterThan(0.02);
  await expect(page.getByRole('alert')).toHaveCount(0);
}

/**
 * "Export all": a zip holding one drawn-on PNG per panel of every tab (`panels` of them, the given
 * ones among them). About 40 drawings of a few seconds each on this machine (the button counts them):
 * a busy machine gets time.
 */
export async function expectZipOfPanels(page: Page, panels: number, including: string[]): Promise<void> {
  mkdirSync(EXPORTS_DIR, { recursive: true });
  const zipStarted = Date.now();
  const [zipDownload] = await Promise.all([
    page.waitForEvent('download', { timeout: 420_000 }),
    page.getByRole('button', { name: 'Export all (ZIP)' }).click(),
  ]);
  test.info().annotations.push({ type: 'export all', description: `${Date.now() - zipStarted} ms` });
  expect(zipDownload.suggestedFilename()).toMatch(/\.zip$/);
  const zipPath = `${EXPORTS_DIR}/${zipDownload.suggestedFilename()}`;
  await zipDownload.saveAs(zipPath);
  const files = unzipSync(new Uint8Array(readFileSync(zipPath)));
  const names = Object.keys(files);
  expect(names.every((name) => name.endsWith('.png'))).toBe(true);
  expect(names).toHaveLength(panels);
  for (const name of including) expect(names).toContain(name);
  for (const name of names) {
    const image = readPng(files[name]!);
    expect(image.width, name).toBeGreaterThan(100);
    expect(image.height, name).toBeGreaterThan(50);
    expect(image.inked, `${name} is drawn on`).toBeGreaterThan(0.005);
  }
  writeFileSync(`${EXPORTS_DIR}/zip-first-panel.png`, files[names[0]!]!);
  writeFileSync(
    `${EXPORTS_DIR}/zip-network.png`,
    files['network-network-of-top-accounts.png'] ?? new Uint8Array(),
  );
}
