import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The web app's own messages, so that a journey finds controls by the names a person reads. */
export type Lang = 'en' | 'ja';

type Messages = { [key: string]: string | Messages };

const LOCALES_DIR = resolve(import.meta.dirname, '../../apps/web/src/locales');
const messages: Record<Lang, Messages> = {
  en: JSON.parse(readFileSync(`${LOCALES_DIR}/en.json`, 'utf8')) as Messages,
  ja: JSON.parse(readFileSync(`${LOCALES_DIR}/ja.json`, 'utf8')) as Messages,
};

/** Whether a message exists (e.g. a translated job category). */
export function hasMessage(lang: Lang, key: string): boolean {
  let node: string | Messages | undefined = messages[lang];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string';
}

/** The message `key` in `lang` with its {{placeholders}} filled in, as i18next renders it. */
export function tr(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  let node: string | Messages | undefined = messages[lang];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`No ${lang} message ${key}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
