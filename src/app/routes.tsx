import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { LoginScreen } from '../features/auth/login-screen';
import { WeekScreen } from '../features/events/week-screen';
import { loadLaterTexts } from '../i18n/later-texts';
import { RequireAdmin, RequireAuth, RequireContributor } from './guards';
import { AppLayout } from './layout/app-layout';
import { OptionalAppLayout } from './layout/optional-app-layout';
import { RootShell } from './root-shell';

/** A route whose screen is its own chunk, fetched with the later texts when the route is first visited. */
function lazyScreen<M>(
  path: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): RouteObject {
  return {
    path,
    lazy: async () => {
      const [module] = await Promise.all([load(), loadLaterTexts()]);
      return { Component: pick(module) };
    },
  };
}

/** The app's route table. */
export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    children: [
      { path: '/login', element: <LoginScreen /> },
      // Its own chunk, precached by the service worker like every other: signing out offline still works.
      lazyScreen(
        '/logout',
        () => import('../features/auth/logout-screen'),
        (m) => m.LogoutScreen,
      ),
      {
        element: <OptionalAppLayout />,
        children: [
          lazyScreen(
            '/news',
            () => import('../features/news/news-screen'),
            (m) => m.NewsScreen,
          ),
        ],
      },
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
        '/confirm-email/:token',
        () => import('../features/auth/confirm-email-screen'),
        (m) => m.ConfirmEmailScreen,
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
                '/event/:uuid',
                () => import('../features/events/event-link-screen'),
                (m) => m.EventLinkScreen,
              ),
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
                  lazyScreen(
                    '/settings/users',
                    () => import('../features/users/users-screen'),
                    (m) => m.UsersScreen,
                  ),
                  lazyScreen(
                    '/settings/user/:id',
                    () => import('../features/users/user-detail-screen'),
                    (m) => m.UserDetailScreen,
                  ),
                  // « À régulariser » (docs/rules.md#members-file): the reasons are health data, Admins only.
                  lazyScreen(
                    '/settings/to-settle',
                    () => import('../features/users/to-settle-screen'),
                    (m) => m.ToSettleScreen,
                  ),
                  lazyScreen(
                    '/settings/email',
                    () => import('../features/email-settings/email-settings-screen'),
                    (m) => m.EmailSettingsScreen,
                  ),
                  lazyScreen(
                    '/settings/app',
                    () => import('../features/app-settings/app-settings-screen'),
                    (m) => m.AppSettingsScreen,
                  ),
                ],
              },
              {
                element: <RequireContributor />,
                children: [
                  lazyScreen(
                    '/settings',
                    () => import('../features/settings/settings-screen'),
                    (m) => m.SettingsScreen,
                  ),
                  lazyScreen(
                    '/settings/model',
                    () => import('../features/models/models-screen'),
                    (m) => m.ModelsScreen,
                  ),
                  lazyScreen(
                    '/settings/stuff',
                    () => import('../features/stuff/stuff-screen'),
                    (m) => m.StuffScreen,
                  ),
                  // The season report's rule (mayReadSeasonReport) is this guard's: the club's figures for admins,
                  // a Contributor's own events for them (docs/rules.md#season-report).
                  lazyScreen(
                    '/settings/report',
                    () => import('../features/report/season-report-screen'),
                    (m) => m.SeasonReportScreen,
                  ),
                  // The rule of the settings menu's entry (maySeeNotReturned) is this guard's: contributors and admins.
                  lazyScreen(
                    '/settings/not-returned',
                    () => import('../features/not-returned/not-returned-screen'),
                    (m) => m.NotReturnedScreen,
                  ),
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
