import * as api from '@murmur/core/api';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

// CONVENTIONS "Where the seams must stay tight": the web never re-declares a body it could import
// from @murmur/core/api. A hand-kept copy drifts (HandleAnalysis once said `top_hashtags: unknown`
// while the server sent `{tag, count}[]`). This test reads every file that talks to the server — an
// `api/` folder's files and every file importing the request helper — and fails on an interface or
// object type that declares a field of an API body. Such a type should be the core one, or be derived
// from it (`Pick<…>`, `ApiRoutes[…]['body']`); a type of the web's own (hook options, mutation
// variables) simply does not reuse the API's field names.

/** Every object key of every zod schema exported by @murmur/core/api, at any depth. */
export function apiFieldNames(): Set<string> {
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (schema: z.core.$ZodType): void => {
    if (seen.has(schema)) return;
    seen.add(schema);
    const def = schema._zod.def as unknown as Record<string, unknown>;
    const children: unknown[] = [];
    if (def.type === 'object') {
      const shape = def.shape as Record<string, z.core.$ZodType>;
      for (const [key, child] of Object.entries(shape)) {
        names.add(key);
        children.push(child);
      }
      children.push(def.catchall);
    }
    for (const key of ['innerType', 'element', 'in', 'out', 'left', 'right', 'keyType', 'valueType']) {
      children.push(def[key]);
    }
    if (Array.isArray(def.options)) children.push(...(def.options as unknown[]));
    if (Array.isArray(def.items)) children.push(...(def.items as unknown[]));
    for (const child of children) if (child instanceof z.ZodType) walk(child);
  };
  for (const value of Object.values(api)) if (value instanceof z.ZodType) walk(value);
  return names;
}

export interface HandKeptShape {
  file: string;
  line: number;
  /** The declared type's name, or '{…}' for an inline object type. */
  type: string;
  fields: string[];
}

const nameOf = (name: ts.PropertyName): string | null =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : null;

/** Interfaces and object types in `source` that declare fields of API bodies. */
export function findHandKeptShapes(file: string, source: string, apiFields: Set<string>): HandKeptShape[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: HandKeptShape[] = [];
  const check = (node: ts.InterfaceDeclaration | ts.TypeLiteralNode, type: string) => {
    const fields = node.members
      .filter((member) => ts.isPropertySignature(member))
      .map((member) => nameOf(member.name))
      .filter((name): name is string => name !== null && apiFields.has(name));
    if (fields.length === 0) return;
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart());
    found.push({ file, line: line + 1, type, fields });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isInterfaceDeclaration(node)) check(node, node.name.text);
    else if (ts.isTypeLiteralNode(node)) {
      const alias = ts.isTypeAliasDeclaration(node.parent) ? node.parent.name.text : '{…}';
      check(node, alias);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** A file talks to the server when it lives in an `api/` folder or imports the request helper. */
export const talksToServer = (file: string, source: string): boolean =>
  /\/api\/[^/]+\.tsx?$/.test(file) || /from '(?:@\/|(?:\.\.?\/)+)(?:lib\/)?request'/.test(source);

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('no hand-kept API shapes in the web app', () => {
  const apiFields = apiFieldNames();

  it('knows the API fields (the check below is not vacuous)', () => {
    for (const field of [
      'top_hashtags',
      'targeting_package',
      'access_token',
      'redirect_uri',
      'uid',
      'results',
    ])
      expect(apiFields).toContain(field);
    expect(Object.keys(sources).length).toBeGreaterThan(100);
  });

  it('finds none in any file that talks to the server', () => {
    const files = Object.entries(sources).filter(
      ([file, source]) => talksToServer(file, source) && !file.endsWith('/lib/request.ts'),
    );
    expect(files.length).toBeGreaterThan(40);
    const found = files.flatMap(([file, source]) => findHandKeptShapes(file, source, apiFields));
    // Each entry names the file, line, type and the API fields it re-declares: import the type from
    // @murmur/core/api (add it there, next to its zod schema, if it is missing) instead.
    expect(found).toEqual([]);
  });

  it('would have caught the top_hashtags drift and the other shapes it replaced', () => {
    const planted = `
      import { request } from '@/lib/request';
      export interface HandleAnalysis { account: AccountSummary; top_hashtags: unknown; posting_hours: number[] }
      export type TwitterTokens = { access_token: string; access_token_secret: string };
      export const getSocialAccounts = () => request.get('/rest-auth/socialaccounts/') as Promise<{ id: number; uid: string }[]>;
      export interface AnalyseOptions { onDone: () => void; retries: number }
    `;
    expect(talksToServer('/src/features/creator/api/handle-analysis.ts', planted)).toBe(true);
    expect(findHandKeptShapes('planted.ts', planted, apiFields)).toEqual([
      {
        file: 'planted.ts',
        line: 3,
        type: 'HandleAnalysis',
        fields: ['account', 'top_hashtags', 'posting_hours'],
      },
      { file: 'planted.ts', line: 4, type: 'TwitterTokens', fields: ['access_token', 'access_token_secret'] },
      { file: 'planted.ts', line: 5, type: '{…}', fields: ['id', 'uid'] },
    ]);
  });
});
