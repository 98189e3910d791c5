// npm run generate:api [-- --check]: writes packages/core/src/api/routes.generated.ts (the web's
// route map) from the server's OpenAPI document; with --check, exits 1 when that file is stale.
// Run under tsx (package.json), which loads the server's TypeScript source.
import { buildOpenApiDocument, generateApi } from '../apps/server/src/openapi/generate.ts';

// The document is built on in-memory PGlite: no database server, even where CI sets DATABASE_URL.
delete process.env.DATABASE_URL;

const check = process.argv.includes('--check');
const result = await generateApi({ document: await buildOpenApiDocument(), check });
(result.ok ? console.log : console.error)(result.message);
process.exitCode = result.ok ? 0 : 1;
