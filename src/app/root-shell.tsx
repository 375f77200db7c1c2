import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { watchBrowserHints } from '../data/core/network-hints';
import { watchOtherTabs } from '../state/session';
import { Toasts } from '../ui/toasts';
import { UpdatePrompt } from './update-prompt';

export function RootShell() {
  useEffect(watchOtherTabs, []);
  useEffect(watchBrowserHints, []);
  return (
    <>
      <Outlet />
      <Toasts />
      <UpdatePrompt />
    </>
  );
}
