import en from './catalogue/en.json';
import ja from './catalogue/ja.json';
import { fieldLabel } from '../validation/field-label';
import type { Language } from './languages';

/**
 * The server's messages in the interface languages. The English text is the message's id (as in
 * gettext): services keep throwing their English sentences, and the error handler renders each
 * one in the caller's language through this catalogue, the one the web app also loads (its `server`
 * section). A sentence with variable parts is written with `{{name}}` placeholders; a `{{field}}`
 * value is itself a field label (SPEC §5's "{field} is required") and is translated too, and a
 * `{{reason}}` value is itself a server message (a failure's cause inside a sentence about it). A
 * message the catalogue does not have stays English.
 */
export type ServerCatalogue = typeof en;
export const serverCatalogues: Record<Language, ServerCatalogue> = { en, ja };

type MessageId = keyof ServerCatalogue['messages'];
interface Template {
  id: MessageId;
  pattern: RegExp;
  names: string[];
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Fixed sentences before sentences with placeholders, so "Name is required" wins over "{{field}} is required". */
const templates: Template[] = (Object.entries(en.messages) as [MessageId, string][])
  .map(([id, text]) => {
    const names = [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
    const source = text
      .split(PLACEHOLDER)
      .map((part, i) => (i % 2 === 1 ? '(.+?)' : escapeRegExp(part)))
      .join('');
    return { id, pattern: new RegExp(`^${source}$`, 's'), names };
  })
  .sort((a, b) => a.names.length - b.names.length);

type FieldKey = keyof ServerCatalogue['fields'];
const fieldKeyByLabel = new Map<string, FieldKey>(
  (Object.entries(en.fields) as [FieldKey, string][]).map(([key, label]) => [label, key]),
);

/** A field's label (SPEC §8's prefix) in `language`; a field the catalogue lacks is named as SPEC §5 says. */
export function localisedFieldLabel(key: string, language: Language): string {
  const fields: Record<string, string> = serverCatalogues[language].fields;
  return fields[key] ?? fieldLabel(key);
}

/** One server message in `language` (see the catalogue's rule above). */
export function localiseServerMessage(message: string, language: Language): string {
  if (language === 'en') return message;
  for (const { id, pattern, names } of templates) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values = new Map(names.map((name, i) => [name, match[i + 1] ?? '']));
    return serverCatalogues[language].messages[id].replace(PLACEHOLDER, (_, name: string) => {
      const value = values.get(name) ?? '';
      if (name === 'reason') return localiseServerMessage(value, language);
      if (name !== 'field') return value;
      const key = fieldKeyByLabel.get(value);
      return key ? serverCatalogues[language].fields[key] : value;
    });
  }
  return message;
}

/** Every message of a SPEC §8 error body (`{detail}`, `{field: [messages]}`, nested) in `language`. */
export function localiseErrorBody<T>(body: T, language: Language): T {
  if (language === 'en') return body;
  return localiseValue(body, language) as T;
}

function localiseValue(value: unknown, language: Language): unknown {
  if (typeof value === 'string') return localiseServerMessage(value, language);
  if (Array.isArray(value)) return value.map((item) => localiseValue(item, language));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, localiseValue(v, language)]));
}
