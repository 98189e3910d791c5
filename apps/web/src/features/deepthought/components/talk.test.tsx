import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TalkToXAnswer } from '@murmur/core/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, holdingFetch, jsonBody, renderWithProviders } from '@/test/render';
import { dtStatus } from '../dt-fixture';
import { TalkToXScreen } from './talk';

const answerTo = (question: string): TalkToXAnswer => ({
  intent: 'followers',
  language: 'en',
  answer: `You asked: ${question}`,
  figures: [],
  synced_at: null,
  phrased_by_model: false,
});

describe('TalkToXScreen', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the next question typed while the last one is being answered', async () => {
    const ui = userEvent.setup();
    const asked: string[] = [];
    const answer = fakeFetch({
      'GET /api/external/deepthought/status/': { body: dtStatus() },
      'POST /api/external/deepthought/talk-to-x/': (init) => {
        const { question } = jsonBody(init) as { question: string };
        asked.push(question);
        return { body: answerTo(question) };
      },
    });
    // The first answer comes only when released.
    const { release } = holdingFetch(answer, (init) => init?.method === 'POST' && asked.length === 0);
    renderWithProviders(<TalkToXScreen />);
    const question = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Your question' });
    await ui.type(question, 'How many followers do I have?');
    await ui.click(screen.getByRole('button', { name: 'Ask' }));
    await ui.clear(question);
    await ui.type(question, 'And last week?');
    release();
    expect(await screen.findByText('You asked: How many followers do I have?')).toBeTruthy();
    // The question typed meanwhile is still there, ready to ask.
    expect(question.value).toBe('And last week?');

    // Asked with nothing typed after it: emptied once answered.
    await ui.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByText('You asked: And last week?')).toBeTruthy();
    expect(question.value).toBe('');
  });
});
