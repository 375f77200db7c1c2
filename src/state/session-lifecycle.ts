import type { User } from '../common/contract/user';
import { onUnauthorised } from '../data/api-client';
import { clearSession, getToken } from '../data/session-storage';
import { startSync, stopSync } from '../data/sync';
import { useSessionStore } from './session-store';
import { showToast } from './toast-store';

/** The server said the token is no more: sign out here, keep pending writes, ask to sign in again. */
function onSessionLost(): void {
  clearSession();
  useSessionStore.getState().clear();
  showToast('info', 'sync.session_expired');
  void stopSync().catch(() => undefined);
}

let isListening = false;

/** After a sign-in or a confirmed session: mirror it for the worker and start syncing. */
export function sessionStarted(user: User): void {
  const token = getToken();
  if (!token) return;
  if (!isListening) {
    isListening = true;
    onUnauthorised(onSessionLost);
  }
  void startSync(token, user, onSessionLost).catch(() => undefined);
  // Ask the browser not to evict the offline data (the answer does not change what we do).
  void navigator.storage?.persist?.().catch(() => false);
}

export async function sessionEnded(): Promise<void> {
  await stopSync().catch(() => undefined);
}
