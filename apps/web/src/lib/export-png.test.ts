import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOWNLOAD_URL_LIFETIME_MS } from './download';
import { blobBytes, exportPng, exportZip, fileSafe, zipPngs } from './export-png';

vi.mock('html-to-image', () => ({
  toBlob: vi.fn((node: HTMLElement) => Promise.resolve(new Blob([`png:${node.id}`], { type: 'image/png' }))),
}));

const node = (id: string) => {
  const element = document.createElement('section');
  element.id = id;
  return element;
};

const stubDownloads = () => {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:x');
  const revokeObjectURL = vi.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return { createObjectURL, revokeObjectURL, click };
};

afterEach(() => vi.useRealTimers());

describe('export-png', () => {
  it('draws the given panel node and downloads it, revoking the URL after 40 s (SPEC §9)', async () => {
    vi.useFakeTimers();
    const { toBlob } = await import('html-to-image');
    const { createObjectURL, revokeObjectURL, click } = stubDownloads();
    const panel = node('gender');
    await exportPng({ name: 'Age bands', node: panel });
    expect(vi.mocked(toBlob).mock.calls.at(-1)?.[0]).toBe(panel);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('age-bands.png');
    vi.advanceTimersByTime(DOWNLOAD_URL_LIFETIME_MS - 1);
    expect(revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:x');
  });

  it('keeps buttons marked data-export-ignore out of the image', async () => {
    const { toBlob } = await import('html-to-image');
    stubDownloads();
    await exportPng({ name: 'x', node: node('x') });
    const filter = vi.mocked(toBlob).mock.calls.at(-1)?.[1]?.filter;
    const button = document.createElement('div');
    button.dataset.exportIgnore = '';
    expect(filter?.(button)).toBe(false);
    expect(filter?.(document.createElement('div'))).toBe(true);
  });

  it('copies the drawn properties and the custom properties the panel names, not every property', async () => {
    const { toBlob } = await import('html-to-image');
    stubDownloads();
    const panel = node('bars');
    panel.innerHTML =
      '<svg><rect fill="var(--mantine-primary-color-filled)"></rect><rect stroke="var(--bar-edge, red)"></rect></svg>';
    await exportPng({ name: 'Bars', node: panel });
    const properties = vi.mocked(toBlob).mock.calls.at(-1)?.[1]?.includeStyleProperties ?? [];
    expect(properties).toEqual(expect.arrayContaining(['color', 'font-size', 'display', 'fill', 'width']));
    expect(properties).toEqual(expect.arrayContaining(['--mantine-primary-color-filled', '--bar-edge']));
    expect(properties).not.toContain('transition-duration');
    expect(properties).not.toContain('--mantine-color-red-9');
  });

  it('zips one PNG per panel, with unique names', async () => {
    const zip = await zipPngs([
      { name: 'Gender', node: node('a') },
      { name: 'Gender', node: node('b') },
      { name: '国', node: node('c') },
    ]);
    expect(zip.type).toBe('application/zip');
    const files = unzipSync(await blobBytes(zip));
    expect(Object.keys(files)).toEqual(['gender.png', 'gender-2.png', '国.png']);
    expect(new TextDecoder().decode(files['gender-2.png'])).toBe('png:b');
  });

  it('reports its progress after each panel it draws', async () => {
    const seen: string[] = [];
    await zipPngs(
      [
        { name: 'One', node: node('a') },
        { name: 'Two', node: node('b') },
      ],
      (done, total) => seen.push(`${done}/${total}`),
    );
    expect(seen).toEqual(['0/2', '1/2', '2/2']);
  });

  it('downloads the zip under the given name', async () => {
    const { createObjectURL, click } = stubDownloads();
    await exportZip([{ name: 'One', node: node('one') }], 'Anime lovers: insights');
    expect(createObjectURL.mock.calls[0]?.[0]).toBeInstanceOf(Blob);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('anime-lovers-insights.zip');
    expect(fileSafe('  ')).toBe('panel');
  });
});
