/**
 * Inlines src/app/boot/page-boot.ts in index.html, right after the title: ahead of the stylesheet (an
 * inline script after it would wait for it) and of the bundle, so the first screen's reads leave as soon as
 * the page's head is parsed instead of after the bundle has downloaded and run. The server allows this one
 * script by its hash (server/plugins/security.ts reads it from the built index.html).
 *
 * A second, one-line script right after `<div id="root">` shows the week snapshot the first one chose
 * (src/app/boot/week-snapshot-show.ts); both are allowed by hash.
 *
 * In a build, the script is given the chunks that parse the first reads' answers (the chunks holding
 * data/users.ts and data/core/sync-engine.ts, with what they import that the entry does not), to preload on a
 * signed-in page other than the week, and apart the start settings' reader, to preload on every signed-in page.
 */
import path from 'node:path';
import { build, type IndexHtmlTransformContext, type Plugin, type Rolldown } from 'vite';

const BOOT_ENTRY = 'src/app/boot/page-boot.ts';
const PARSER_ENTRIES = ['src/data/users.ts', 'src/data/core/sync-engine.ts'];
/** The start settings' reader, checked without zod: every signed-in page reads them at once. */
const SETTINGS_ENTRY = 'src/data/core/start-settings.ts';
const AFTER_TITLE = /<\/title>/;
const ROOT = '<div id="root"></div>';
/** Right after #root (and after the stylesheet, which it waits for): shows the week snapshot, if any. */
const SHOW_SNAPSHOT = '<script>self.__equipeeShowWeekSnapshot?.()</script>';

/** `file` and every chunk it imports statically, into `found`. */
function withImports(
  chunks: Map<string, Rolldown.OutputChunk>,
  file: string,
  found: Set<string>,
): Set<string> {
  if (found.has(file)) return found;
  found.add(file);
  for (const imported of chunks.get(file)?.imports ?? []) withImports(chunks, imported, found);
  return found;
}

/** The URLs of the chunks holding `entries`, with their imports, that the page's entry does not load already. */
function chunksOf(
  entries: string[],
  root: string,
  base: string,
  context: IndexHtmlTransformContext,
): string[] {
  if (!context.bundle || !context.chunk) return [];
  const chunks = new Map(
    Object.values(context.bundle)
      .filter((output): output is Rolldown.OutputChunk => output.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
  const loaded = withImports(chunks, context.chunk.fileName, new Set());
  const wanted = new Set<string>();
  for (const entry of entries) {
    const id = path.resolve(root, entry);
    // The chunk that holds it (vite.config.ts groups both parsers into one).
    const chunk = [...chunks.values()].find((c) => c.moduleIds.some((m) => path.resolve(m) === id));
    // The list must never go quietly stale: a parser in no chunk (renamed, moved) is a build error to look at.
    if (!chunk) throw new Error(`page-boot: ${entry} is in no chunk`);
    withImports(chunks, chunk.fileName, wanted);
  }
  return [...wanted].filter((file) => !loaded.has(file)).map((file) => `${base}${file}`);
}

/** The boot script, bundled on its own and minified, as one IIFE. */
async function bundleBoot(
  root: string,
  modules: { parsers: string[]; settings: string[] },
  entryUrl: string,
): Promise<string> {
  const output = await build({
    configFile: false,
    root,
    logLevel: 'silent',
    define: {
      __PAGE_BOOT_PARSER_MODULES__: JSON.stringify(modules.parsers),
      __PAGE_BOOT_SETTINGS_MODULES__: JSON.stringify(modules.settings),
      __PAGE_BOOT_ENTRY__: JSON.stringify(entryUrl),
    },
    build: {
      write: false,
      minify: true,
      lib: { entry: path.resolve(root, BOOT_ENTRY), formats: ['iife'], name: 'equipeeBoot' },
    },
  });
  const result = (Array.isArray(output) ? output[0] : output) as Rolldown.RolldownOutput;
  const chunk = result.output.find((o): o is Rolldown.OutputChunk => o.type === 'chunk');
  if (!chunk) throw new Error('page-boot: the boot script did not build');
  // The server hashes exactly what is between the tags: no closing tag may appear inside.
  if (chunk.code.includes('</script')) throw new Error('page-boot: the boot script contains </script');
  return chunk.code.trim();
}

export function pageBoot(): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'equipee-page-boot',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        if (!AFTER_TITLE.test(html)) throw new Error('page-boot: index.html has no </title>');
        if (!html.includes(ROOT)) throw new Error(`page-boot: index.html has no ${ROOT}`);
        const entryUrl = context.chunk ? `${base}${context.chunk.fileName}` : '';
        const settings = chunksOf([SETTINGS_ENTRY], root, base, context);
        const parsers = chunksOf(PARSER_ENTRIES, root, base, context).filter(
          (url) => !settings.includes(url),
        );
        const code = await bundleBoot(root, { parsers, settings }, entryUrl);
        return html
          .replace(AFTER_TITLE, (title) => `${title}\n    <script>${code}</script>`)
          .replace(ROOT, `${ROOT}\n    ${SHOW_SNAPSHOT}`);
      },
    },
  };
}
