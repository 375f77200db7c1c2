import { useConnectivityStore } from '../../../../src/data/core/connectivity';
import { setCachedUser, setToken } from '../../../../src/data/core/session-storage';
import { TOUR_FLAG_KEY } from '../../../../src/features/profile/tour-flag';
import { restoreSession } from '../../../../src/state/session';
import { useToastStore } from '../../../../src/state/toast-store';
import { USER } from '../../fake-api';

/** A fresh device where USER is signed in, online, the profile's tour already seen and no toast shown. */
export function signInOnFreshDevice(): void {
  localStorage.clear();
  localStorage.setItem(TOUR_FLAG_KEY, 'false');
  setToken('tok');
  setCachedUser(USER);
  restoreSession();
  useToastStore.setState({ toasts: [] });
  useConnectivityStore.setState({ isOnline: true });
}
