/** The club's event models and equipment, as cached for every screen. */
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from './core/db';

export function useModels() {
  return useLiveQuery(() => appDb().models.orderBy('uuid').toArray(), []);
}

export function useStuffs() {
  return useLiveQuery(() => appDb().stuffs.orderBy('uuid').toArray(), []);
}
