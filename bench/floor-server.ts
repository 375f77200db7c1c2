// The floor of an API measure: a bare Fastify (no plugins, no database, no logs) answering the very same
// bytes on the same path, loaded by the same client in the same run.
import Fastify from 'fastify';

export async function startFloor(
  routePath: string,
  body: Buffer,
): Promise<{ url: string; close: () => Promise<void> }> {
  const floor = Fastify({ logger: false });
  floor.get(routePath, (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  const address = await floor.listen({ port: 0, host: '127.0.0.1' });
  return { url: `${address}${routePath}`, close: () => floor.close() };
}
