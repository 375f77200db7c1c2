/** What a new event of a model starts from: read online when the form's model is picked. */
import { type ModelStart, modelStartPath, modelStartSchema } from '@common/contract/event';
import { apiRequest } from './core/api-client';

export type LastEventOfModel = NonNullable<ModelStart['last']>;

/** The model's last event, null when it has none; rejects when it cannot be read (offline, refused). */
export async function readModelStart(uuidModel: string): Promise<LastEventOfModel | null> {
  const answer = await apiRequest('GET', modelStartPath(uuidModel), { schema: modelStartSchema });
  return answer.last;
}
