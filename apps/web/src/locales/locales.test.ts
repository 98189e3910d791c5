import { COPY_EMPTY_MESSAGE, COPY_SUCCESS_MESSAGE, COPY_UNSUPPORTED_MESSAGE } from '@murmur/core/clipboard';
import { INVALID_LOGIN_CODE_MESSAGE, NETWORK_ERROR_MESSAGE } from '@murmur/core/errors';
import { serverCatalogues } from '@murmur/core/i18n';
import { EMAIL_MESSAGE } from '@murmur/core/validation';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import ja from './ja.json';

type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.entries(tree).reduce<Record<string, string>>((all, [key, value]) => {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    return typeof value === 'string' ? { ...all, [path]: value } : { ...all, ...flatten(value, path) };
  }, {});

const english = flatten(en);
const japanese = flatten(ja);
const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

describe('translations', () => {
  it('have exactly the same keys in English and Japanese', () => {
    expect(Object.keys(japanese).sort()).toEqual(Object.keys(english).sort());
  });

  it('have no empty values', () => {
    for (const [key, value] of [...Object.entries(english), ...Object.entries(japanese)]) {
      expect(value.trim(), key).not.toBe('');
    }
  });

  it('use the same interpolation variables in both languages', () => {
    for (const key of Object.keys(english)) {
      expect(variables(japanese[key] ?? ''), key).toEqual(variables(english[key]!));
    }
  });

  it('keep the SPEC texts verbatim in English', () => {
    expect(english['errors.network']).toBe(NETWORK_ERROR_MESSAGE);
    expect(english['login.invalidCode']).toBe(INVALID_LOGIN_CODE_MESSAGE);
    expect(english['validation.email']).toBe(EMAIL_MESSAGE);
    expect(english['clipboard.unsupported']).toBe(COPY_UNSUPPORTED_MESSAGE);
    expect(english['clipboard.empty']).toBe(COPY_EMPTY_MESSAGE);
    expect(english['clipboard.success']).toBe(COPY_SUCCESS_MESSAGE);
    expect(english['table.noResults']).toBe('No results');
    expect(english['table.showMore']).toBe('Show more results');
    expect([english['stepper.back'], english['stepper.continue'], english['stepper.submit']]).toEqual([
      'Back',
      'Continue',
      'Submit',
    ]);
  });

  it('show the same words as the shared catalogue for messages both the server and the screens give', () => {
    const pairs = [
      ['login.invalidCode', 'invalidLoginCode'],
      ['billing.uploadNeedsSubscription', 'needSubscription'],
      ['social.unauthorized', 'unauthorizedLogin'],
      ['xAds.apply.empty', 'emptyTargeting'],
    ] as const;
    for (const [screen, shared] of pairs) {
      expect(english[screen], screen).toBe(serverCatalogues.en.messages[shared]);
      expect(japanese[screen], screen).toBe(serverCatalogues.ja.messages[shared]);
    }
  });

  it('translate the premium suite’s screen names', () => {
    expect(japanese['premium.screens.talkToX']).not.toBe(english['premium.screens.talkToX']);
  });
});
