/**
 * The screens outside the first paint, each its own chunk, by name for the route table (routes.tsx). This
 * table is a chunk of its own too, fetched with the first visit to one of them: the list of every screen's
 * chunks and styles is not in the bundle the first paint waits for (docs/architecture.md#what-the-first-paint-loads).
 */
import type { ComponentType } from 'react';

export const lazyScreens = {
  logoutScreen: () => import('../features/auth/logout-screen').then((m): ComponentType => m.LogoutScreen),
  newsScreen: () => import('../features/news/news-screen').then((m): ComponentType => m.NewsScreen),
  askResetScreen: () =>
    import('../features/auth/ask-reset-screen').then((m): ComponentType => m.AskResetScreen),
  passwordScreen: () =>
    import('../features/auth/password-screen').then((m): ComponentType => m.PasswordScreen),
  confirmEmailScreen: () =>
    import('../features/auth/confirm-email-screen').then((m): ComponentType => m.ConfirmEmailScreen),
  eventLinkScreen: () =>
    import('../features/events/event-link-screen').then((m): ComponentType => m.EventLinkScreen),
  profileScreen: () =>
    import('../features/profile/profile-screen').then((m): ComponentType => m.ProfileScreen),
  checklistScreen: () =>
    import('../features/checklist/checklist-screen').then((m): ComponentType => m.ChecklistScreen),
  usersScreen: () => import('../features/users/users-screen').then((m): ComponentType => m.UsersScreen),
  userDetailScreen: () =>
    import('../features/users/user-detail-screen').then((m): ComponentType => m.UserDetailScreen),
  toSettleScreen: () =>
    import('../features/users/to-settle-screen').then((m): ComponentType => m.ToSettleScreen),
  emailSettingsScreen: () =>
    import('../features/email-settings/email-settings-screen').then(
      (m): ComponentType => m.EmailSettingsScreen,
    ),
  appSettingsScreen: () =>
    import('../features/app-settings/app-settings-screen').then((m): ComponentType => m.AppSettingsScreen),
  settingsScreen: () =>
    import('../features/settings/settings-screen').then((m): ComponentType => m.SettingsScreen),
  modelsScreen: () => import('../features/models/models-screen').then((m): ComponentType => m.ModelsScreen),
  stuffScreen: () => import('../features/stuff/stuff-screen').then((m): ComponentType => m.StuffScreen),
  seasonReportScreen: () =>
    import('../features/report/season-report-screen').then((m): ComponentType => m.SeasonReportScreen),
  notReturnedScreen: () =>
    import('../features/not-returned/not-returned-screen').then((m): ComponentType => m.NotReturnedScreen),
};

export type LazyScreenName = keyof typeof lazyScreens;
