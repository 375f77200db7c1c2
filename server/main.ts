import { ConfigError } from './config';
import { DirectoryLockedError } from './db/dir-lock';
import { serve } from './serve';

serve().catch((error: unknown) => {
  // Errors the operator fixes by hand say what to do: their message alone, no stack trace.
  const known = error instanceof DirectoryLockedError || error instanceof ConfigError;
  console.error(known ? error.message : error);
  process.exit(1);
});
