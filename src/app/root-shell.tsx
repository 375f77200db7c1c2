import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { watchBrowserHints } from '../data/core/network-hints';
import { watchOtherTabs } from '../state/session';
import { Toasts } from '../ui/toasts';
import { useUpdateStore } from './pwa-update';
import { UpdatePrompt } from './update-prompt';

export function RootShell() {
  useEffect(watchOtherTabs, []);
  useEffect(watchBrowserHints, []);
  const hasUpdate = useUpdateStore((s) => s.applyUpdate !== null);
  return (
    <>
      <Outlet />
      <Toasts notice={hasUpdate ? <UpdatePrompt /> : null} />
    </>
  );
}
