import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { LoginScreen } from '../features/auth/login-screen';
import { LogoutScreen } from '../features/auth/logout-screen';
import { WeekScreen } from '../features/events/week-screen';
import { NewsScreen } from '../features/news/news-screen';
import { PlaceholderScreen } from '../ui/placeholder-screen';
import { RequireAdmin, RequireAuth, RequireContributor } from './guards';
import { AppLayout } from './layout/app-layout';
import { OptionalAppLayout } from './layout/optional-app-layout';
import { RootShell } from './root-shell';

const placeholder = (path: string, titleKey: string): RouteObject => ({
  path,
  element: <PlaceholderScreen titleKey={titleKey} />,
});

/** A route whose screen is its own chunk, fetched when the route is first visited. */
function lazyScreen<M>(
  path: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): RouteObject {
  return { path, lazy: async () => ({ Component: pick(await load()) }) };
}

/** The route table of product-spec §2. */
export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    children: [
      { path: '/login', element: <LoginScreen /> },
      { path: '/logout', element: <LogoutScreen /> },
      { element: <OptionalAppLayout />, children: [{ path: '/news', element: <NewsScreen /> }] },
      lazyScreen(
        '/askreset',
        () => import('../features/auth/ask-reset-screen'),
        (m) => m.AskResetScreen,
      ),
      lazyScreen(
        '/confirm/:token',
        () => import('../features/auth/password-screen'),
        (m) => m.PasswordScreen,
      ),
      lazyScreen(
        '/reset',
        () => import('../features/auth/password-screen'),
        (m) => m.PasswordScreen,
      ),
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: '/', element: <WeekScreen /> },
              lazyScreen(
                '/my-profile',
                () => import('../features/profile/profile-screen'),
                (m) => m.ProfileScreen,
              ),
              // Signed-in guard only: the screen itself checks creator or SuperAdmin.
              lazyScreen(
                '/checklist/:id',
                () => import('../features/checklist/checklist-screen'),
                (m) => m.ChecklistScreen,
              ),
              {
                element: <RequireAdmin />,
                children: [
                  placeholder('/settings/users', 'routes.settings_users'),
                  placeholder('/settings/user/:id', 'routes.settings_user'),
                  placeholder('/settings/email', 'routes.settings_email'),
                  placeholder('/settings/app', 'routes.settings_app'),
                ],
              },
              {
                element: <RequireContributor />,
                children: [
                  placeholder('/settings', 'routes.settings'),
                  placeholder('/settings/model', 'routes.settings_model'),
                  placeholder('/settings/stuff', 'routes.settings_stuff'),
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
