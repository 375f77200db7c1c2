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

/**
 * Each figure's median over several loads of one URL (requests and failures summed): with the app's and the
 * floor's loads taken in turn, both meet the same moments of a shared host, and one noisy moment does not
 * decide a ratio.
 */
export function medianFigures(runs: LoadFigures[]): LoadFigures {
  const median = (pick: (figures: LoadFigures) => number) => {
    const sorted = runs.map(pick).sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2
      ? (sorted[middle] as number)
      : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  };
  return {
    requests: runs.reduce((sum, figures) => sum + figures.requests, 0),
    rps: median((figures) => figures.rps),
    p50: median((figures) => figures.p50),
    p99: median((figures) => figures.p99),
    non2xx: runs.reduce((sum, figures) => sum + figures.non2xx, 0),
  };
}
