import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../../server/db/connect';
import { templateFolder } from '../../../server/db/pglite-template';

/**
 * A data folder made from nothing with a template folder asked for (the demo's seed): the first start keeps
 * its migrated cluster there, the next ones start from it, and each is the cluster the migrations make.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'equipee-template-test-'));
const templates = path.join(root, 'templates');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const open = (name: string) =>
  // As the tables' owner, who may read the migrator's own table.
  openDatabase({
    dataDir: path.join(root, name),
    holder: 'test',
    pgliteTemplateDir: templates,
    asOwner: true,
  });

async function facts(handle: DatabaseHandle) {
  const migrations = await sql<{ name: string; timestamp: string }>`
    select name, timestamp from kysely_migration order by name`.execute(handle.db);
  const sequence = await sql<{ last_value: string }>`select last_value::text from clubs_id_seq`.execute(
    handle.db,
  );
  return { migrations: migrations.rows, clubsSequence: sequence.rows[0]?.last_value };
}

describe('the migrated PGlite template', () => {
  it('is kept by the first start, and a later new folder starts from it as the migrations left it', async () => {
    const folder = templateFolder(templates);
    expect(fs.existsSync(folder)).toBe(false);
    const first = await open('first');
    let made: Awaited<ReturnType<typeof facts>>;
    try {
      made = await facts(first);
    } finally {
      await first.close();
    }
    expect(fs.existsSync(folder)).toBe(true);
    // Kept whole: no partial copy is left beside it.
    expect(fs.readdirSync(templates)).toEqual([path.basename(folder)]);
    expect(made.migrations.length).toBeGreaterThan(40);

    const second = await open('second');
    try {
      const loaded = await facts(second);
      // The same migration rows, to the millisecond they ran: the second folder ran none of its own.
      expect(loaded.migrations).toEqual(made.migrations);
      // Checkpointed before the copy: no crash recovery moved the sequences on (a new club is number 2).
      expect(loaded.clubsSequence).toBe(made.clubsSequence);
    } finally {
      await second.close();
    }
  });

  it('never replaces a folder that already holds a cluster', async () => {
    const first = await open('first');
    try {
      await sql`create table kept_here (note text)`.execute(first.db);
      await sql`insert into kept_here values ('written after the template')`.execute(first.db);
    } finally {
      await first.close();
    }
    const again = await open('first');
    try {
      const { rows } = await sql<{ note: string }>`select note from kept_here`.execute(again.db);
      expect(rows).toEqual([{ note: 'written after the template' }]);
    } finally {
      await again.close();
    }
  });
});
