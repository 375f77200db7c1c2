import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerOperationNames } from '../../../server/plugins/operation-names';

// Every API route has an OpenAPI name: a route left out, or a name for a route that is gone, stops the server
// before it listens rather than leaving the document with an unnamed operation.
describe('operation names', () => {
  it('refuse to start with a route the table does not name', async () => {
    const app = Fastify();
    await app.register(async (api) => {
      registerOperationNames(api);
      api.get('/api/not-in-the-table', async () => ({}));
    });
    await expect(app.ready()).rejects.toThrow(/no name for GET \/api\/not-in-the-table/);
    await app.close();
  });

  it('name the route, and make it public until the signed-in scope says otherwise', async () => {
    const app = Fastify();
    const seen: unknown[] = [];
    await app.register(async (api) => {
      registerOperationNames(api);
      api.addHook('onRoute', (route) => {
        seen.push(route.schema);
      });
      api.get('/api/health', async () => ({}));
    });
    // Only one of the table's routes exists here: the check says which names have no route.
    await expect(app.ready()).rejects.toThrow(/names for no route: POST \/api\/user\/login/);
    expect(seen[0]).toMatchObject({
      security: [],
      operationId: 'getHealth',
      summary: 'Whether the server and its database answer',
    });
    await app.close();
  });
});
