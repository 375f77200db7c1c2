import { useCallback, useEffect, useState } from 'react';

export type Remote<T> =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; value: T };

/**
 * An online read the admin screens show as loading, failed (with a retry) or ready. Users are not cached
 * on the device: these screens are for admins at a connection, and their writes are online only anyway.
 */
export function useRemote<T>(load: () => Promise<T>): {
  remote: Remote<T>;
  reload: () => void;
  replace: (value: T) => void;
} {
  const [remote, setRemote] = useState<Remote<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how `reload` asks for a fresh read.
  useEffect(() => {
    let isCurrent = true;
    // A reload keeps what is shown until the new answer arrives.
    load().then(
      (value) => isCurrent && setRemote({ status: 'ready', value }),
      (error: unknown) => isCurrent && setRemote({ status: 'failed', error }),
    );
    return () => {
      isCurrent = false;
    };
  }, [load, attempt]);

  return {
    remote,
    reload: useCallback(() => setAttempt((n) => n + 1), []),
    replace: useCallback((value: T) => setRemote({ status: 'ready', value }), []),
  };
}
