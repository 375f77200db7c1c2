import { Navigate, type RouteObject } from 'react-router-dom';
import { LoginScreen } from '../features/auth/login-screen';
import { WeekScreen } from '../features/events/week-screen';
import { loadLaterTexts } from '../i18n/later-texts';
import { RequireAdmin, RequireAuth, RequireContributor } from './guards';
import { AppLayout } from './layout/app-layout';
import { OptionalAppLayout } from './layout/optional-app-layout';
import type { LazyScreenName } from './lazy-screens';
import { RootShell } from './root-shell';
import { loadScreensTable } from './screens-table';

/**
 * A route whose screen is its own chunk, fetched with the later texts when the route is first visited. The
 * screens' table (./screens-table.ts) is fetched once the first screen's reads are done, or with this visit.
 */
function lazyScreen(path: string, name: LazyScreenName): RouteObject {
  return {
    path,
    lazy: async () => {
      const [Component] = await Promise.all([
        loadScreensTable().then((table) => table.lazyScreens[name]()),
        loadLaterTexts(),
      ]);
      return { Component };
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
      lazyScreen('/logout', 'logoutScreen'),
      {
        element: <OptionalAppLayout />,
        children: [lazyScreen('/news', 'newsScreen')],
      },
      lazyScreen('/askreset', 'askResetScreen'),
      lazyScreen('/confirm/:token', 'passwordScreen'),
      lazyScreen('/confirm-email/:token', 'confirmEmailScreen'),
      lazyScreen('/reset', 'passwordScreen'),
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: '/', element: <WeekScreen /> },
              lazyScreen('/event/:uuid', 'eventLinkScreen'),
              lazyScreen('/my-profile', 'profileScreen'),
              // Signed-in guard only: the screen itself checks creator or SuperAdmin.
              lazyScreen('/checklist/:id', 'checklistScreen'),
              {
                element: <RequireAdmin />,
                children: [
                  lazyScreen('/settings/users', 'usersScreen'),
                  lazyScreen('/settings/user/:id', 'userDetailScreen'),
                  // « À régulariser » (docs/rules.md#members-file): the reasons are health data, Admins only.
                  lazyScreen('/settings/to-settle', 'toSettleScreen'),
                  lazyScreen('/settings/email', 'emailSettingsScreen'),
                  lazyScreen('/settings/app', 'appSettingsScreen'),
                ],
              },
              {
                element: <RequireContributor />,
                children: [
                  lazyScreen('/settings', 'settingsScreen'),
                  lazyScreen('/settings/model', 'modelsScreen'),
                  lazyScreen('/settings/stuff', 'stuffScreen'),
                  // The season report's rule (mayReadSeasonReport) is this guard's: the club's figures for admins,
                  // a Contributor's own events for them (docs/rules.md#season-report).
                  lazyScreen('/settings/report', 'seasonReportScreen'),
                  // The rule of the settings menu's entry (maySeeNotReturned) is this guard's: contributors and admins.
                  lazyScreen('/settings/not-returned', 'notReturnedScreen'),
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
