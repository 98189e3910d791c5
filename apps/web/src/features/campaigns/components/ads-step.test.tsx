import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, holdingFetch, jsonBody, renderWithProviders } from '@/test/render';
import { AdsStep } from './ads-step';
import { creativeNameOf } from './inline-creative';

/** A draft with one ad set, a team without creatives; what the step posts is recorded. */
function fakeServer() {
  const ads: { id: number; adset: number; creative: { id: number; name: string } }[] = [];
  const posted: { creatives: unknown[]; ads: unknown[] } = { creatives: [], ads: [] };
  const answer = fakeFetch({
    'GET /api/campaigns/41/adsets/': { body: [{ id: 7, name: 'Coffee fans' }] },
    'GET /api/campaigns/41/ads/': () => ({ body: ads }),
    'GET /api/ad-creatives/': { body: [] },
    'GET /api/ad-media/': { body: [] },
    'POST /api/ad-creatives/': (init) => {
      const body = jsonBody(init) as { name: string; text: string };
      posted.creatives.push(body);
      return { status: 201, body: { id: 90, ...body, media: null, call_to_action: null, url: null } };
    },
    'POST /api/campaigns/41/ads/': (init) => {
      const body = jsonBody(init) as { adset: number; creative: number };
      posted.ads.push(body);
      const ad = { id: 500, adset: body.adset, creative: { id: body.creative, name: 'Fresh beans' } };
      ads.push(ad);
      return { status: 201, body: ad };
    },
  });
  vi.spyOn(window, 'fetch').mockImplementation(answer);
  return posted;
}

const renderStep = () =>
  renderWithProviders(
    <AdsStep teamSlug="acme" draftId={41} creativesPath="/acme/creatives" pick={{}} setPick={() => {}} />,
    { route: '/acme/campaigns/new?draft=41' },
  );

describe('AdsStep without creatives', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes the ad in the wizard: a creative of the team, then the ad of the ad set', async () => {
    const ui = userEvent.setup();
    const posted = fakeServer();
    renderStep();
    expect(await screen.findByText(/No creatives yet: write each ad's post below/)).toBeTruthy();
    expect(screen.getByText('No ads in this ad set yet.')).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add this ad' });
    expect(add.hasAttribute('disabled')).toBe(true);
    await ui.type(screen.getByRole('textbox', { name: 'Post text · Coffee fans' }), 'Fresh beans every week');
    // The preview shows the post as it is typed.
    expect(within(screen.getByLabelText('Preview')).getByText('Fresh beans every week')).toBeTruthy();
    await ui.click(add);
    await vi.waitFor(() => expect(posted.ads).toEqual([{ adset: 7, creative: 90 }]));
    expect(posted.creatives).toEqual([
      expect.objectContaining({
        team: 'acme',
        name: 'Fresh beans every week',
        text: 'Fresh beans every week',
        media: null,
      }),
    ]);
    expect(await screen.findByTestId('ad')).toBeTruthy();
    expect(screen.queryByText('No ads in this ad set yet.')).toBeNull();
    // The form is empty again for the next ad.
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Post text · Coffee fans' }).value).toBe(
      '',
    );
  });

  it('keeps the text typed while an ad is being saved', async () => {
    const ui = userEvent.setup();
    const posted = fakeServer();
    const answer = vi.mocked(window.fetch).getMockImplementation()!;
    // The ad's creative answers only when released.
    const { release } = holdingFetch(answer, (init) => init?.method === 'POST');
    renderStep();
    const text = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Post text · Coffee fans' });
    await ui.type(text, 'Fresh beans');
    await ui.click(screen.getByRole('button', { name: 'Add this ad' }));
    // The next ad's text, begun while this one is being saved.
    await ui.type(text, ' and more');
    release();
    await vi.waitFor(() => expect(posted.ads).toHaveLength(1));
    expect(posted.creatives).toEqual([expect.objectContaining({ text: 'Fresh beans' })]);
    expect(await screen.findByTestId('ad')).toBeTruthy();
    expect(text.value).toBe('Fresh beans and more');
  });

  it('says so and offers the same in Japanese', async () => {
    await i18n.changeLanguage('ja');
    fakeServer();
    renderStep();
    expect(await screen.findByText(/クリエイティブはまだありません/)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: '投稿のテキスト · Coffee fans' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '画像をアップロード' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'この広告を追加' })).toBeTruthy();
    expect(screen.getByText('この広告グループにはまだ広告がありません。')).toBeTruthy();
  });

  it('names the creative after the first line of its text, cut at 60 characters', () => {
    expect(creativeNameOf('  Fresh beans\nevery week')).toBe('Fresh beans');
    expect([...creativeNameOf('あ'.repeat(80))]).toHaveLength(60);
  });
});

describe('AdsStep with creatives', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  /** The step with its picks kept in state, as the wizard keeps them. */
  function Harness() {
    const [pick, setPick] = useState<Record<number, string | null>>({});
    return (
      <AdsStep teamSlug="acme" draftId={41} creativesPath="/acme/creatives" pick={pick} setPick={setPick} />
    );
  }

  it('keeps a pick made for another ad set while an ad is being saved', async () => {
    const ui = userEvent.setup();
    const creative = (id: number, name: string) => ({ id, name, text: name, media: null });
    const posted: unknown[] = [];
    const answer = fakeFetch({
      'GET /api/campaigns/41/adsets/': {
        body: [
          { id: 7, name: 'Coffee fans' },
          { id: 8, name: 'Music fans' },
        ],
      },
      'GET /api/campaigns/41/ads/': { body: [] },
      'GET /api/ad-creatives/': { body: [creative(90, 'Beans'), creative(91, 'Beats')] },
      'GET /api/ad-media/': { body: [] },
      'POST /api/campaigns/41/ads/': (init) => {
        posted.push(jsonBody(init));
        return { status: 201, body: { id: 500, ...(jsonBody(init) as object) } };
      },
    });
    // The ad's save answers only when released.
    const { release } = holdingFetch(answer, (init) => init?.method === 'POST');
    renderWithProviders(<Harness />, { route: '/acme/campaigns/new?draft=41' });
    const coffee = await screen.findByRole('textbox', { name: 'Creative · Coffee fans' });
    const music = screen.getByRole<HTMLInputElement>('textbox', { name: 'Creative · Music fans' });
    await ui.click(coffee);
    await ui.click(await screen.findByRole('option', { name: 'Beans' }));
    const [addCoffee] = screen.getAllByRole('button', { name: 'Add ad' });
    await ui.click(addCoffee!);
    // The other ad set's creative, chosen while the first ad is still being saved.
    await ui.click(music);
    await ui.click(await screen.findByRole('option', { name: 'Beats' }));
    release();
    await vi.waitFor(() => expect(posted).toEqual([{ adset: 7, creative: 90 }]));
    // Saved: the pick sent is cleared, the other stays.
    await vi.waitFor(() => expect((coffee as HTMLInputElement).value).toBe(''));
    expect(music.value).toBe('Beats');
  });
});
