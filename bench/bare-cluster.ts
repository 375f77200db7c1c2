// The demo seed's floor: a process started as the seed is (tsx) that makes a new PGlite cluster in an empty
// folder and closes it, with nothing of ours loaded: what any first seed pays before our code runs.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

const dir = process.argv[2];
if (!dir) throw new Error('usage: tsx bench/bare-cluster.ts <empty folder>');
const client = await PGlite.create(dir);
await client.query('select 1');
await client.close();
fs.rmSync(dir, { recursive: true, force: true });
