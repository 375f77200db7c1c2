/**
 * Imported first by main.tsx, so that it runs before React, the router and i18next are evaluated: the reads
 * the first screen needs leave while the rest of the first download is still being set up.
 */
import { startPageReads } from '../data/page-start';
import { storedLanguage } from '../i18n/stored-language';

startPageReads(window.location, storedLanguage());
