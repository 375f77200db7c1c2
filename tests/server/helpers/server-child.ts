/**
 * The real server as a child process for the server suites that must crash it: `tsx server/main.ts` in
 * its own process group, so a signal reaches tsx and the node it runs (killing tsx alone leaves the
 * server holding its port and its data directory).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const tsx = path.resolve('node_modules/.bin/tsx');

/** The first free port of 3170–3179 on 127.0.0.1 (the range no other suite uses). */
export async function freePort(): Promise<number> {
  for (let port = 3170; port <= 3179; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 3170–3179');
}

/** `tsx server/main.ts` in its own process group (tsx runs node as a child: kill -9 reaches both). */
export async function startServer(env: NodeJS.ProcessEnv, baseUrl: string): Promise<ChildProcess> {
  let serverOutput = '';
  const child = spawn(tsx, ['server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const collect = (chunk: unknown) => {
    serverOutput += String(chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${serverOutput}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  signalGroup(child, 'SIGKILL');
  throw new Error(`The server did not answer within 30 s:\n${serverOutput}`);
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

function groupAlive(child: ChildProcess): boolean {
  try {
    if (child.pid) process.kill(-child.pid, 0);
    return Boolean(child.pid);
  } catch {
    return false;
  }
}

/** Signals the whole group and waits until none of it is left: tsx's exit comes before its child's. */
export async function stopServer(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  signalGroup(child, signal);
  const deadline = Date.now() + 15_000;
  while (groupAlive(child)) {
    if (Date.now() > deadline) throw new Error(`the server's processes outlived ${signal} by 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
