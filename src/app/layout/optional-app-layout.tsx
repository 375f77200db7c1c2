import { Outlet } from 'react-router-dom';
import { useSession } from '../../state/session';
import { AppLayout } from './app-layout';

/**
 * For public pages a member also reaches from the menu (news): with a token the page keeps the header
 * and navigation; a visitor gets the page alone, which shows its own sign-in bar.
 */
export function OptionalAppLayout() {
  const isSignedIn = useSession((s) => s.status !== 'signed-out');
  return isSignedIn ? <AppLayout /> : <Outlet />;
}
