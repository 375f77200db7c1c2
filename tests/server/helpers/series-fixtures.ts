import type { Series, SeriesSubscribeAnswer } from '@common/contract/series';
import { type Member, organiserContext } from './event-fixtures';
import { bearer, type TestContext } from './test-context';

export interface SeriesBody {
  uuid_model_event: string;
  start_date: string;
  end_date: string;
  max_subscribers?: number;
  subscriber_is_infinite?: boolean;
  city?: string;
  title?: string;
  notes?: string;
  stuffs_available?: Array<{ uuid: string }>;
  recurrence: { weekdays: string[]; interval_weeks: number; until?: string; count?: number };
}

export const postSeries = (ctx: TestContext, token: string, body: SeriesBody | object) =>
  ctx.app.inject({ method: 'POST', url: '/api/event/series', headers: bearer(token), payload: body });

/** A series created through the API by `token`'s user; answers it as the API does. */
export async function createSeries(ctx: TestContext, token: string, body: SeriesBody): Promise<Series> {
  const response = await postSeries(ctx, token, body);
  if (response.statusCode !== 200)
    throw new Error(`series not created: ${response.statusCode} ${response.body}`);
  return response.json<Series>();
}

export const putSeries = (ctx: TestContext, token: string, uuidSeries: string, body: object) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/event/series/${uuidSeries}`,
    headers: bearer(token),
    payload: body,
  });

export const subscribeSeries = (
  ctx: TestContext,
  token: string,
  uuidSeries: string,
  body: { uuid_user: string; subscribe: boolean; uuid_stuff?: string; stuffs?: string[] },
) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/event/series/${uuidSeries}/subscribe`,
    headers: bearer(token),
    payload: body,
  });

/** Each session's outcome, in start order. */
export const outcomes = (answer: SeriesSubscribeAnswer) => answer.sessions.map((s) => s.outcome);

export type { Member };

/** An organiser's context (`organiserContext`) in `zone`, on a fixed clock starting at `now`. */
export function seriesContext(zone: string, now: string, modelName: string, prefix: string, count: number) {
  return organiserContext({ prefix, count, modelName, now, env: { CLUB_TIMEZONE: zone } });
}

/** The queued messages (of one kind), by recipient. */
export const queuedMails = (ctx: TestContext, kind?: string) =>
  ctx.db
    .selectFrom('mail_queue')
    .select(['kind', 'to_address', 'subject', 'body_text'])
    .$if(kind !== undefined, (q) => q.where('kind', '=', kind as string))
    .orderBy('to_address')
    .execute();
export const clearQueuedMails = (ctx: TestContext) => ctx.db.deleteFrom('mail_queue').execute();
