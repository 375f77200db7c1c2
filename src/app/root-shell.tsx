import { Outlet } from 'react-router-dom';
import { Toasts } from '../ui/toasts';
import { UpdatePrompt } from './update-prompt';

export function RootShell() {
  return (
    <>
      <Outlet />
      <Toasts />
      <UpdatePrompt />
    </>
  );
}
