// Runs bench/load-client.mjs in its own process (so the client does not share the server's thread) and
// reads its one-line JSON answer.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

export interface LoadFigures {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

export async function load(
  url: string,
  options: {
    headers?: Record<string, string>;
    connections?: number;
    durationMs?: number;
    /** Sent in turn on each connection instead of `url`'s path alone (several hosts and tokens). */
    requests?: Array<{ method: string; path: string; headers: Record<string, string> }>;
  } = {},
): Promise<LoadFigures> {
  const client = path.join(import.meta.dirname, 'load-client.mjs');
  const { stdout } = await promisify(execFile)(process.execPath, [
    client,
    JSON.stringify({ url, connections: 10, durationMs: 5000, ...options }),
  ]);
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as LoadFigures;
}

export function formatFigures(figures: LoadFigures): string {
  return `${String(Math.round(figures.rps)).padStart(6)} req/s  p50 ${figures.p50.toFixed(1)} ms  p99 ${figures.p99.toFixed(1)} ms${figures.non2xx ? `  (${figures.non2xx} failed)` : ''}`;
}
