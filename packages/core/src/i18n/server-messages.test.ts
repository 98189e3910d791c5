import { describe, expect, it } from 'vitest';
import { buildErrorMessage } from '../errors/build-error-message';
import {
  localiseErrorBody,
  localisedFieldLabel,
  localiseServerMessage,
  serverCatalogues,
} from './server-messages';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('server message catalogue', () => {
  it('has every message and field in both languages, with the same placeholders', () => {
    const { en, ja } = serverCatalogues;
    expect(Object.keys(ja.messages).sort()).toEqual(Object.keys(en.messages).sort());
    expect(Object.keys(ja.fields).sort()).toEqual(Object.keys(en.fields).sort());
    for (const [id, text] of Object.entries(en.messages)) {
      expect(placeholders(ja.messages[id as keyof typeof ja.messages]), id).toEqual(placeholders(text));
    }
  });

  it('renders a known sentence in Japanese, keeping its variable parts', () => {
    expect(localiseServerMessage('a@b.co is already a member of this team.', 'ja')).toBe(
      'a@b.co はすでにこのチームのメンバーです。',
    );
    expect(localiseServerMessage('You need an active subscription to upload audiences to X.', 'ja')).toBe(
      'Xにオーディエンスをアップロードするには、有効なサブスクリプションが必要です。',
    );
    expect(
      localiseServerMessage(
        'Too many sign-in codes requested for this address. Please try again in 9 minutes.',
        'ja',
      ),
    ).toBe('このメールアドレスへのサインインコードのリクエストが多すぎます。9分後にもう一度お試しください。');
  });

  it('translates a field label inside SPEC §5 validator messages', () => {
    expect(localiseServerMessage('Invoice name must be at least 2 characters', 'ja')).toBe(
      '請求先名は2文字以上で入力してください',
    );
    expect(localiseServerMessage('Name is required', 'ja')).toBe('名前は必須です');
  });

  it("renders a failed publish in Japanese, its cause too when the catalogue has it (X's own text stays)", () => {
    expect(
      localiseServerMessage(
        'Publishing failed: X could not be reached. Nothing was left on X; the campaign is still a draft.',
        'ja',
      ),
    ).toBe(
      '公開できませんでした。X に接続できませんでした。 X には何も残っていません。キャンペーンは下書きのままです。',
    );
    expect(
      localiseServerMessage(
        'Publishing failed: Media already in the media library. The campaign c1 created on X could not be removed; delete it in X Ads Manager.',
        'ja',
      ),
    ).toBe(
      '公開できませんでした。Media already in the media library. X に作成したキャンペーン c1 を削除できませんでした。X 広告マネージャーで削除してください。',
    );
  });

  it('leaves English and unknown sentences as they are', () => {
    expect(localiseServerMessage('a@b.co is already a member of this team.', 'en')).toBe(
      'a@b.co is already a member of this team.',
    );
    expect(localiseServerMessage('Something nobody translated.', 'ja')).toBe('Something nobody translated.');
  });

  it('localises every message of an error body, not its field names', () => {
    expect(
      localiseErrorBody({ invoice_name: ['This field is required.'], detail: 'Not found.' }, 'ja'),
    ).toEqual({ invoice_name: ['この項目は必須です。'], detail: '見つかりません。' });
  });

  it('names fields in the interface language for SPEC §8’s prefix', () => {
    const body = { invoice_name: ['この項目は必須です。'], unknown_field: ['x'] };
    expect(buildErrorMessage(body, (key) => localisedFieldLabel(key, 'ja'))).toBe(
      '請求先名: この項目は必須です。\nUnknown field: x',
    );
    expect(localisedFieldLabel('invoice_name', 'en')).toBe('Invoice name');
  });
});
