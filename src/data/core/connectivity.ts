/**
 * Online or offline, decided from what requests do. `navigator.onLine` says true on a venue's captive
 * wifi where nothing gets through (and stays true in some headless Chromium builds after going offline),
 * so it is only a hint (network-hints.ts: its `offline` event starts probing, its `online` event probes at
 * once). The truth is the last request: a network error or a timeout marks the app offline at once; while offline a cheap
 * probe (`GET /api/health`) runs every few seconds, and the first answered request of any kind — a probe
 * or a real one — marks it online again and tells the listeners (the sync engine drains and refreshes).
 */
import { create } from 'zustand';
import { REQUEST_TIMEOUT_MS } from './request-timeout';

const PROBE_TIMEOUT_MS = 5_000;
const PROBE_FIRST_MS = 2_000;
const PROBE_MAX_MS = 10_000;

interface ConnectivityState {
  isOnline: boolean;
}

export const useConnectivityStore = create<ConnectivityState>(() => ({ isOnline: true }));

const backOnlineListeners = new Set<() => void>();
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let probeDelay = PROBE_FIRST_MS;

/** Told each time the app goes from offline to online. */
export function onBackOnline(listener: () => void): () => void {
  backOnlineListeners.add(listener);
  return () => backOnlineListeners.delete(listener);
}

/** A request got an answer (any status): the network works. */
export function reportAnswered(): void {
  clearTimeout(probeTimer);
  probeTimer = undefined;
  probeDelay = PROBE_FIRST_MS;
  if (useConnectivityStore.getState().isOnline) return;
  useConnectivityStore.setState({ isOnline: true });
  for (const listener of backOnlineListeners) listener();
}

/** A request failed at the network (error or timeout): offline until something answers. */
export function reportUnreachable(): void {
  if (useConnectivityStore.getState().isOnline) useConnectivityStore.setState({ isOnline: false });
  // Only a page probes: a service worker is woken for one job and drains on the browser's next sync.
  if ('document' in globalThis) scheduleProbe();
}

/** Stops probing and trusts the network again (sign-out, tests). */
export function resetConnectivity(): void {
  clearTimeout(probeTimer);
  probeTimer = undefined;
  probeDelay = PROBE_FIRST_MS;
  useConnectivityStore.setState({ isOnline: true });
}

function scheduleProbe(delay = probeDelay): void {
  if (probeTimer !== undefined) return;
  probeTimer = setTimeout(() => {
    probeTimer = undefined;
    probeDelay = Math.min(PROBE_MAX_MS, probeDelay * 2);
    void probe();
  }, delay);
}

/** One cheap request; its outcome is reported like any other. */
export async function probe(): Promise<void> {
  try {
    await fetch('/api/health', { cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    reportAnswered();
  } catch {
    reportUnreachable();
  }
}

/** fetch, with a time limit and its outcome reported: what every API call of the app goes through. */
export function trackedFetch(input: string, init: RequestInit = {}): Promise<Response> {
  return trackRequest(
    fetch(input, { ...init, signal: init.signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS) }),
  );
}

/**
 * A request sent elsewhere (index.html's inline script sends the first reads), counted and reported from
 * now on as if trackedFetch had sent it.
 */
export async function trackRequest(request: Promise<Response>): Promise<Response> {
  inFlight++;
  try {
    const response = await request;
    reportAnswered();
    return response;
  } catch (error) {
    reportUnreachable();
    throw error;
  } finally {
    inFlight--;
    lastSettledAt = Date.now();
  }
}

// The app's requests under way, and when the last one ended: what "the network is quiet" means here.
let inFlight = 0;
let lastSettledAt = 0;

/**
 * Resolves once none of the app's requests has been under way for `quietMs`, or after `atMostMs`. What can wait for the first
 * screen (the service worker's precache: a megabyte) waits for this, so it never takes a slow network's
 * bandwidth from the reads the screen shows.
 */
export function whenNetworkQuiet(quietMs: number, atMostMs: number): Promise<void> {
  const giveUpAt = Date.now() + atMostMs;
  return new Promise((resolve) => {
    const check = () => {
      const quietFor = Date.now() - lastSettledAt;
      // A network never quiet for that long (a slow, busy connection) delays the work, never forbids it.
      if ((inFlight === 0 && quietFor >= quietMs) || Date.now() >= giveUpAt) resolve();
      else setTimeout(check, inFlight === 0 ? quietMs - quietFor : quietMs);
    };
    check();
  });
}
