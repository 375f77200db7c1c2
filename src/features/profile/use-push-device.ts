import { useCallback, useEffect, useState } from 'react';
import {
  type PushDeviceState,
  readPushState,
  refreshPushSubscription,
  turnPushOff,
  turnPushOn,
} from '../../data/push';

export type PushDeviceView = PushDeviceState | 'checking';

/**
 * This device's push state as the preferences tab shows it: read from the browser when the tab opens;
 * `toggle` turns it on or off and answers the new state (a failure is thrown to the caller, the state
 * stays as it was). When found on, the server is reminded of the subscription once.
 */
export function usePushDevice() {
  const [state, setState] = useState<PushDeviceView>('checking');
  const [isWorking, setIsWorking] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    readPushState()
      .then((read) => {
        if (!isCurrent) return;
        setState(read);
        // Best effort, offline too (it then fails quietly): the next opening tries again.
        if (read === 'on') void refreshPushSubscription().catch(() => undefined);
      })
      .catch(() => isCurrent && setState('unsupported'));
    return () => {
      isCurrent = false;
    };
  }, []);

  const toggle = useCallback(async (): Promise<PushDeviceState> => {
    setIsWorking(true);
    try {
      const next = await (state === 'on' ? turnPushOff() : turnPushOn());
      setState(next);
      return next;
    } finally {
      setIsWorking(false);
    }
  }, [state]);

  return { state, isWorking, toggle };
}
