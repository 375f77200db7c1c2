// The data of bench/comment-thread.ts, written straight into a data directory before the server opens it: an
// organiser, ten members who write, and events at one hour from now (to the minute, so one week holds them all),
// each with the ten subscribed, some with a long thread (docs/rules.md#talking-around-an-event).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { createConfirmedUser } from '../server/modules/users/create-user';
import { seedAsFirstClub } from './first-club';

/** The text of the thread's newest comment, which the bench waits for. */
export const LAST_TEXT = 'Dernier point : on se retrouve au ponton à 9 h, gilets fournis.';

// What members write: a line to a paragraph, some with a link, some over two lines.
const PHRASES = [
  'Je prends la remorque, qui a de la place dans sa voiture ?',
  'Météo annoncée : 12 nœuds de sud-ouest, ça devrait passer.',
  'On part du club à 8 h 30 pour être à l’eau avant la marée.',
  'Pensez à la crème solaire et à une gourde, il n’y a rien sur place.',
  'Ma fille vient aussi, elle a sa combinaison.',
  'Le parking du port est en travaux, garez-vous le long du quai.',
  'Le trajet est ici : https://www.openstreetmap.org/?mlat=48.38&mlon=-4.49',
  'Quelqu’un a vu mes chaussons ? Je les ai oubliés la dernière fois.',
  'Super sortie la semaine dernière, merci aux encadrants !',
  'Je serai un peu en retard, partez sans moi et je vous rejoins à la pointe.',
];

function commentText(k: number, count: number): string {
  if (k === count - 1) return LAST_TEXT;
  const lines = Array.from(
    { length: 1 + (k % 4) },
    (_, j) => PHRASES[(k * 3 + j * 7) % PHRASES.length] as string,
  );
  return k % 5 === 0 ? `${lines[0]}\n${lines.slice(1).join(' ')}` : lines.join(' ');
}

const FIRST_NAMES = [
  'Gwen',
  'Yann',
  'Nolwenn',
  'Erwan',
  'Maëlle',
  'Loïc',
  'Soizic',
  'Tanguy',
  'Anaïg',
  'Ronan',
];

async function seedEvent(
  db: Kysely<Database>,
  facts: { model: string; organiser: string; writers: string[]; start: Date },
  comments: number,
): Promise<string> {
  const uuid = randomUUID();
  await db
    .insertInto('events')
    .values({
      uuid,
      model_uuid: facts.model,
      creator_id: facts.organiser,
      start_date: facts.start,
      end_date: new Date(facts.start.getTime() + 3 * 3_600_000),
      street: null,
      city: 'Brest',
      zip_code: '29200',
      location: '',
      max_subscribers: 20,
      subscriber_is_infinite: false,
      is_cancelled: false,
    })
    .execute();
  await db
    .insertInto('subscriptions')
    .values(
      facts.writers.map((user_id) => ({
        uuid: randomUUID(),
        event_uuid: uuid,
        user_id,
        created_at: new Date(),
        checked_at: null,
        checked_by: null,
      })),
    )
    .execute();
  if (comments === 0) return uuid;
  // Over the last three days, 20 minutes apart, the newest last.
  const first = Date.now() - 3 * 24 * 3_600_000;
  await db
    .insertInto('event_comments')
    .values(
      Array.from({ length: comments }, (_, k) => {
        const createdAt = new Date(first + k * 20 * 60_000);
        return {
          id: randomUUID(),
          event_uuid: uuid,
          author_id: facts.writers[(k * 7) % facts.writers.length] as string,
          acting_for: null,
          text: commentText(k, comments),
          created_at: createdAt,
          edited_at: k % 17 === 3 ? new Date(createdAt.getTime() + 5 * 60_000) : null,
        };
      }),
    )
    .execute();
  return uuid;
}

/**
 * A fresh data directory with `pairs` pairs of events, one with `comments` comments and one with none, and the
 * members `membre0`… (`password`) who wrote them. Answers the directory, the pairs and the events' start.
 */
export async function seedThreads(options: {
  pairs: number;
  comments: number;
  writers: number;
  password: string;
}): Promise<{ dataDir: string; pairs: Array<{ talked: string; quiet: string }>; start: Date }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-bench-thread-'));
  const handle = await openDatabase({ dataDir, holder: 'bench' });
  await seedAsFirstClub(handle.db, loadConfig({ DATA_DIR: dataDir }));
  const organiser = await createConfirmedUser(handle.db, {
    username: 'orga',
    email: 'orga@example.org',
    password: options.password,
    role: 'Contributor',
  });
  const writers: string[] = [];
  for (let i = 0; i < options.writers; i++) {
    const user = await createConfirmedUser(handle.db, {
      username: `membre${i}`,
      email: `membre${i}@example.org`,
      password: options.password,
      role: 'User',
    });
    await handle.db
      .updateTable('users')
      .set({ first_name: FIRST_NAMES[i] ?? `Membre${i}`, last_name: 'Le Bihan' })
      .where('id', '=', user.id)
      .execute();
    writers.push(user.id);
  }
  const model = randomUUID();
  await handle.db
    .insertInto('event_models')
    .values({ uuid: model, name: 'Sortie kayak', description: 'Balade en mer' })
    .execute();
  const start = new Date(Math.ceil((Date.now() + 3_600_000) / 60_000) * 60_000);
  const facts = { model, organiser: organiser.id, writers, start };
  const pairs: Array<{ talked: string; quiet: string }> = [];
  for (let i = 0; i < options.pairs; i++)
    pairs.push({
      talked: await seedEvent(handle.db, facts, options.comments),
      quiet: await seedEvent(handle.db, facts, 0),
    });
  await handle.close();
  return { dataDir, pairs, start };
}
