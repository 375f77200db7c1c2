import { randomUUID } from 'node:crypto';
import {
  modelInputSchema,
  modelSchema,
  modelUpdateSchema,
  stuffInputSchema,
  stuffSchema,
  stuffUpdateSchema,
} from '@common/contract/catalog';
import { uuidParam } from '@common/contract/fields';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/schema';
import { HttpError } from '../../http-error';
import { requireContributor } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/error-answers';
import { isUsedByUpcomingEvent } from './catalog-usage.repository';
import { deleteModel, insertModel, listModels, updateModel } from './models.repository';
import { deleteStuff, insertStuff, listStuff, updateStuff } from './stuff.repository';

interface CatalogArea<Item extends { uuid: string }, Input> {
  path: string;
  /** Refused while an upcoming event uses the item (and, for models, any event, which keeps its model). */
  inUse: { kind: 'model' | 'stuff'; code: 'model_in_use' | 'stuff_in_use' };
  item: z.ZodType<Item>;
  input: z.ZodType<Input>;
  update: z.ZodType<Input & { uuid: string }>;
  toItem(uuid: string, input: Input): Item;
  list(db: Kysely<Database>): Promise<Item[]>;
  insert(db: Kysely<Database>, item: Item): Promise<Item>;
  save(db: Kysely<Database>, item: Item): Promise<Item | undefined>;
  remove(db: Kysely<Database>, uuid: string): Promise<boolean>;
}

/** The same four calls for event models and stuff: read by anyone signed in, written by contributors and admins. */
function registerCatalogArea<Item extends { uuid: string }, Input>(
  app: FastifyInstance,
  deps: AppDeps,
  area: CatalogArea<Item, Input>,
): void {
  // Bodies are validated by the zod schemas before the handlers; generic routes cannot carry their types.
  const routes = app;
  const writer = requireContributor;

  routes.get(area.path, { schema: { response: { 200: z.array(area.item) } } }, () => area.list(deps.db));

  routes.post(
    `${area.path}/add`,
    { schema: { body: area.input, response: { 200: area.item } }, onRequest: writer },
    (request) => area.insert(deps.db, area.toItem(randomUUID(), request.body as Input)),
  );

  routes.post(
    `${area.path}/update`,
    { schema: { body: area.update, response: { ...errorAnswers(404), 200: area.item } }, onRequest: writer },
    async (request) => {
      const body = request.body as Input & { uuid: string };
      const saved = await area.save(deps.db, area.toItem(body.uuid, body));
      if (!saved) throw new HttpError(404, 'not_found', 'uuid');
      return saved;
    },
  );

  routes.delete(
    `${area.path}/delete/:id`,
    {
      schema: {
        params: uuidParam,
        response: { ...errorAnswers(404, 409), 204: z.undefined().describe('Done: no content.') },
      },
      onRequest: writer,
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      if (await isUsedByUpcomingEvent(deps.db, area.inUse.kind, id, deps.now()))
        throw new HttpError(409, area.inUse.code);
      try {
        if (!(await area.remove(deps.db, id))) throw new HttpError(404, 'not_found');
      } catch (error) {
        // A past event still names this model: history keeps it.
        if ((error as { code?: string }).code === '23503') throw new HttpError(409, area.inUse.code);
        throw error;
      }
      return reply.status(204).send();
    },
  );
}

export async function catalogRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerCatalogArea(app, deps, {
    path: '/api/event/model',
    inUse: { kind: 'model', code: 'model_in_use' },
    item: modelSchema,
    input: modelInputSchema,
    update: modelUpdateSchema,
    toItem: (uuid, input) => ({
      uuid,
      name: input.name,
      description: input.description,
      // Absent keeps what the model asks on an update (docs/rules.md#members-file).
      ...(input.requirements === undefined ? {} : { requirements: input.requirements }),
      ...(input.enforcement === undefined ? {} : { enforcement: input.enforcement }),
    }),
    list: listModels,
    insert: insertModel,
    save: updateModel,
    remove: deleteModel,
  });
  registerCatalogArea(app, deps, {
    path: '/api/stuff',
    inUse: { kind: 'stuff', code: 'stuff_in_use' },
    item: stuffSchema,
    input: stuffInputSchema,
    update: stuffUpdateSchema,
    toItem: (uuid, input) => ({
      uuid,
      name: input.name,
      description: input.description,
      is_infinite: input.is_infinite,
      stock: input.is_infinite ? 0 : (input.stock ?? 0),
      // Absent keeps the kind on an update (docs/rules.md#stuff); empty clears it.
      ...(input.kind === undefined ? {} : { kind: input.kind }),
    }),
    list: listStuff,
    insert: insertStuff,
    save: updateStuff,
    remove: deleteStuff,
  });
}
