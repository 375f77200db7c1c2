/** The club's event models and equipment, as cached for every screen, and their writes (online only). */

import { type Model, modelSchema, type Stuff, stuffSchema } from '@common/contract/catalog';
import { useLiveQuery } from 'dexie-react-hooks';
import { apiRequest } from './core/api-client';
import { appDb } from './core/db';
import { syncEngine } from './core/sync';

export type { Model, Stuff };
/** `requirements` null asks nothing of members' files (docs/rules.md#members-file). */
export type ModelInput = Pick<Model, 'name' | 'description' | 'requirements' | 'enforcement'>;
/** `kind` null (or empty) clears it; absent keeps it as it is (docs/rules.md#kit). */
export type StuffInput = Pick<Stuff, 'name' | 'description' | 'is_infinite'> & {
  stock?: number;
  kind?: string | null;
};

export function useModels() {
  return useLiveQuery(() => appDb().models.orderBy('uuid').toArray(), []);
}

export function useStuffs() {
  return useLiveQuery(() => appDb().stuffs.orderBy('uuid').toArray(), []);
}

/** Every screen reads the catalog from the cache: after a write, the cache asks the server again. */
async function refreshed<T>(write: Promise<T>): Promise<T> {
  const answer = await write;
  await syncEngine()
    ?.refreshCatalog(true)
    .catch(() => undefined);
  return answer;
}

export const createModel = (input: ModelInput): Promise<Model> =>
  refreshed(apiRequest('POST', '/api/event/model/add', { body: input, schema: modelSchema }));

export const updateModel = (uuid: string, input: ModelInput): Promise<Model> =>
  refreshed(apiRequest('POST', '/api/event/model/update', { body: { uuid, ...input }, schema: modelSchema }));

/** Refused with `model_in_use` while an event names the model. */
export const deleteModel = (uuid: string): Promise<void> =>
  refreshed(apiRequest('DELETE', `/api/event/model/delete/${uuid}`));

export const createStuff = (input: StuffInput): Promise<Stuff> =>
  refreshed(apiRequest('POST', '/api/stuff/add', { body: input, schema: stuffSchema }));

export const updateStuff = (uuid: string, input: StuffInput): Promise<Stuff> =>
  refreshed(apiRequest('POST', '/api/stuff/update', { body: { uuid, ...input }, schema: stuffSchema }));

/** Refused with `stuff_in_use` while an upcoming event offers it. */
export const deleteStuff = (uuid: string): Promise<void> =>
  refreshed(apiRequest('DELETE', `/api/stuff/delete/${uuid}`));
