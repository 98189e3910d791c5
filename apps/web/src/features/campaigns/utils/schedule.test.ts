import i18next from 'i18next';
import { formatDate } from '@murmur/core/format';
import { beforeAll, describe, expect, it } from 'vitest';
import ja from '@/locales/ja.json';
import { scheduleText } from './schedule';

beforeAll(() => {
  if (!i18next.hasResourceBundle('ja', 'translation'))
    i18next.addResourceBundle('ja', 'translation', ja, true, true);
});

const START = '2026-12-01T09:00:00Z';
const END = '2026-12-31T09:00:00Z';

describe('scheduleText', () => {
  it('says what a missing start or end means instead of dashes, in English', () => {
    const t = i18next.getFixedT('en');
    expect(scheduleText(t, null, null, 'en')).toBe('From publishing, no end date');
    expect(scheduleText(t, START, null, 'en')).toBe(`From ${formatDate(START, 'en')}, no end date`);
    expect(scheduleText(t, null, END, 'en')).toBe(`From publishing until ${formatDate(END, 'en')}`);
    expect(scheduleText(t, START, END, 'en')).toBe(`${formatDate(START, 'en')} – ${formatDate(END, 'en')}`);
  });

  it('and in Japanese', () => {
    const t = i18next.getFixedT('ja');
    expect(scheduleText(t, null, null, 'ja')).toBe('公開時から（終了日なし）');
    expect(scheduleText(t, null, END, 'ja')).toBe(`公開時から${formatDate(END, 'ja')}まで`);
    expect(scheduleText(t, START, END, 'ja')).not.toContain('—');
  });
});
