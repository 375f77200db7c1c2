import { Outlet } from 'react-router-dom';
import { getToken } from '../../data/session-storage';
import { AppLayout } from './app-layout';

/**
 * For public pages a member also reaches from the menu (news): with a token the page keeps the header
 * and navigation; a visitor gets the page alone, which shows its own sign-in bar (product-spec §2).
 */
export function OptionalAppLayout() {
  return getToken() ? <AppLayout /> : <Outlet />;
}
