import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, detectBrowserLanguage, i18n } from './i18n';
import { local, storageKeys } from './storage';

afterEach(async () => {
  await applyLanguage('en');
});

describe('i18n', () => {
  it('picks Japanese for any ja* browser language, English otherwise', () => {
    expect(detectBrowserLanguage(['ja-JP', 'en'])).toBe('ja');
    expect(detectBrowserLanguage(['fr-FR', 'ja'])).toBe('ja');
    expect(detectBrowserLanguage(['fr-FR', 'de'])).toBe('en');
    expect(detectBrowserLanguage([])).toBe('en');
  });

  it('switches the interface language and the page language', async () => {
    await applyLanguage('ja');
    expect(i18n.t('stepper.back')).toBe('戻る');
    expect(document.documentElement.lang).toBe('ja');
    await applyLanguage('en');
    expect(i18n.t('stepper.back')).toBe('Back');
  });

  it('loads a catalogue when its language is first chosen, and remembers the choice', async () => {
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    await applyLanguage('ja');
    expect(i18n.hasResourceBundle('ja', 'translation')).toBe(true);
    expect(local.get(storageKeys.language)).toBe('ja');
  });
});
