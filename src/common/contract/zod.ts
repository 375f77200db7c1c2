/**
 * The one zod every schema of ours is built with. In a browser (page or service worker) it runs jitless:
 * zod otherwise probes `new Function` when the first object schema is made, and our Content-Security-Policy
 * (no 'unsafe-eval') reports that probe as a violation. On the server (Node, where `process` exists) the
 * compiled parsers stay, for their speed. Set here, before any schema module evaluates, since zod reads it
 * when each object schema is created.
 */
import { z } from 'zod';

if (!('process' in globalThis)) z.config({ jitless: true });

export { z };
