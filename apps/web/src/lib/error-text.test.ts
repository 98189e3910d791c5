import { ApiError } from '@murmur/core/errors';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { errorText } from './error-text';

afterEach(() => i18next.changeLanguage('en'));

describe('errorText (SPEC §8)', () => {
  const body = { invoice_name: ['This field is required.'], country: ['Unknown country code.'] };

  it('prefixes each field with its English name, one per line', () => {
    expect(errorText(new ApiError(400, body), i18next.t)).toBe(
      'Failed to submit form: Invoice name: This field is required.\nCountry: Unknown country code.',
    );
  });

  it('names the fields in Japanese on Japanese screens', async () => {
    await i18next.changeLanguage('ja');
    const ja = { invoice_name: ['この項目は必須です。'], country: ['不明な国コードです。'] };
    expect(errorText(new ApiError(400, ja), i18next.t)).toBe(
      'フォームを送信できませんでした: 請求先名: この項目は必須です。\n国: 不明な国コードです。',
    );
    expect(errorText(new ApiError(409, { detail: '競合しています。' }), i18next.t)).toBe('競合しています。');
  });
});
