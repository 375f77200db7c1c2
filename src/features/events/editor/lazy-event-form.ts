import { lazy } from 'react';

/**
 * The organiser's event form, its own chunk, fetched on the first open (from a row or the bottom
 * navigation): the home screen's first download never carries it.
 */
export const LazyEventFormDialog = lazy(() =>
  import('./event-form-dialog').then((m) => ({ default: m.EventFormDialog })),
);
