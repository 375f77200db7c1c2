import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../../server/openapi-document';
import { createTestContext, type TestContext } from '../helpers/test-context';

// The OpenAPI document as a running server serves it: with the built client in its static folder, as
// `npm start` always has (docs/architecture.md#checks). The client's files are not API operations, so the
// document lists only /api routes, each named and answered as every operation is; and the document
// `npm run lint` checks (buildOpenApiDocument) is that very one.
interface Operation {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  responses?: Record<string, unknown>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

let ctx: TestContext;
let served: Document;
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-dist-'));

beforeAll(async () => {
  // A stand-in for `vite build` output: the served routes depend on a build being there, not on its content.
  fs.mkdirSync(path.join(staticDir, 'assets'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Équipée</title>');
  fs.writeFileSync(path.join(staticDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  ctx = await createTestContext({ staticDir });
  const answer = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(answer.statusCode).toBe(200);
  served = answer.json<Document>();
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

const operations = () =>
  Object.entries(served.paths).flatMap(([where, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${where}`,
      operation,
    })),
  );

describe('the OpenAPI document a server with its built client serves', () => {
  it('the app is really serving the client (the routes this document must leave out are there)', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Équipée</title>');
  });

  it('lists only /api operations: no GET / nor any other route of the client files', () => {
    expect(served.paths['/']).toBeUndefined();
    expect(Object.keys(served.paths).filter((where) => !where.startsWith('/api/'))).toEqual([]);
  });

  it('names, guards and answers every operation as the API routes do', () => {
    const ids = new Set<string>();
    for (const { name, operation } of operations()) {
      expect(operation.operationId, name).toMatch(/^[a-z][A-Za-z]+$/);
      expect(ids.has(operation.operationId ?? ''), `${name}: operationId used twice`).toBe(false);
      ids.add(operation.operationId ?? '');
      expect(operation.summary, name).toMatch(/\S/);
      expect(Array.isArray(operation.security), `${name}: says whether it needs a session`).toBe(true);
      const statuses = Object.keys(operation.responses ?? {});
      expect(
        statuses.some((status) => /^2\d\d$/.test(status)),
        `${name}: a success answer`,
      ).toBe(true);
      expect(
        statuses.some((status) => /^4\d\d$/.test(status)),
        `${name}: its error answers`,
      ).toBe(true);
    }
  });

  it('is the document npm run lint checks (buildOpenApiDocument)', async () => {
    expect(await buildOpenApiDocument()).toEqual(served);
  });
});
