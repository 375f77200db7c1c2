import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { watchBrowserHints } from '../data/core/network-hints';
import { watchOtherTabs } from '../state/session';
import { ToastBand } from '../ui/toast-band';
import { useUpdateStore } from './pwa-update';
import { prefetchScreensTable } from './screens-table';
import { UpdatePrompt } from './update-prompt';

export function RootShell() {
  useEffect(watchOtherTabs, []);
  useEffect(watchBrowserHints, []);
  useEffect(prefetchScreensTable, []);
  const hasUpdate = useUpdateStore((s) => s.applyUpdate !== null);
  return (
    <>
      <Outlet />
      <ToastBand notice={hasUpdate ? <UpdatePrompt /> : null} />
    </>
  );
}
