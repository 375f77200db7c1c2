import { lazy } from 'react';
import { loadLaterTexts } from '../../../i18n/later-texts';

/**
 * The organiser's event form, its own chunk, fetched on the first open (from a row or the bottom
 * navigation) with the later texts it uses: the home screen's first download never carries either.
 */
export const LazyEventFormDialog = lazy(() =>
  Promise.all([import('./event-form-dialog'), loadLaterTexts()]).then(([m]) => ({
    default: m.EventFormDialog,
  })),
);
