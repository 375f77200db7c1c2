// Import rules for Équipée, checked by dependency-cruiser (`npm run lint:deps`, part of `npm run lint`).
// Paths are matched relative to the repository root, e.g. `src/features/events/week-screen.tsx`.
// tests/tooling/import-rules.test.ts proves every rule below fires (and that a clean tree passes).

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No module may (indirectly) import itself. Break the cycle by moving the shared piece into a ' +
        'module both sides import (for contracts and rules: src/common/).',
      // Type-only imports (`import type`) count too, on purpose (tsPreCompilationDeps below keeps them):
      // - a type cycle still couples the two modules: neither can be moved, split or reasoned about
      //   alone, and the layering rules below are about design, not about what survives compilation;
      // - with `verbatimModuleSyntax`, a type import turns into a value import by deleting one keyword
      //   (use a zod schema or a const next to the type) and the cycle becomes a runtime one: an ES
      //   module cycle fails at load time with "Cannot access 'X' before initialization", in whichever
      //   order the entry point happens to reach it;
      // - so the cycle is cheapest to fix while it is still only a type.
      from: { path: '^(src|server|sw|scripts|bench)/' },
      to: { circular: true },
    },
    {
      name: 'no-circular-folders',
      severity: 'error',
      comment:
        'No folder may (indirectly) import itself either: server/plugins -> server/modules/users -> ' +
        'server/modules/notifications -> server/modules/users is a cycle between folders even when no ' +
        'single file imports itself. Folders are the layers and modules; their imports go one way.',
      // Same reasoning as no-circular, one level up: type-only imports count here too.
      // dependency-cruiser counts a folder as all the files below it, subfolders included, so a folder
      // never depends on its own subfolders and this rule cannot see a cycle that runs through a parent
      // folder's own files (server/app-deps.ts -> server/modules/push -> server/app-deps.ts):
      // server-root-not-areas below closes that gap for the one parent every server area imports, and
      // scripts/check-folder-cycles.mjs (run right after this, in `npm run lint:deps`) closes it everywhere:
      // it looks for cycles between a folder and the files beside it, at every depth.
      // `(/|$)` so that top-level folders such as `sw` itself take part.
      scope: 'folder',
      from: { path: '^(src|server|sw|scripts|bench)(/|$)' },
      to: { circular: true },
    },
    {
      name: 'server-root-not-areas',
      severity: 'error',
      comment:
        'The files directly in server/ (AppDeps, config, errors, i18n, the queue worker...) are imported ' +
        'by every area, so they import no area back: name what they need in server/ itself (for a ' +
        'worker, the QueueWorker it is). Only the entry points, which assemble the areas, import them.',
      // The area cycle no-circular-folders cannot see (see there), cut at the only edge that can start it.
      // db/ and mail/ are the infrastructure AppDeps hands out: they import no area, so AppDeps may name
      // their types. Type-only imports count, as in no-circular.
      from: { path: '^server/[^/]+$', pathNot: '^server/(app|main|serve|cli)\\.ts$' },
      to: { path: '^server/[^/]+/', pathNot: '^server/(db|mail)/' },
    },
    {
      name: 'server-imports-only-common',
      severity: 'error',
      comment:
        'The server shares code with the client only through src/common/ (contract and rules). ' +
        'Anything else under src/ is browser code (Dexie, React, the outbox).',
      from: { path: '^server/' },
      to: { path: '^src/', pathNot: '^src/common/' },
    },
    {
      name: 'common-through-alias',
      severity: 'error',
      comment:
        'Code outside src/common/ reaches it through the @common/* alias (tsconfig.json paths), not a ' +
        'relative path: one name for the contract wherever a file sits, and a move changes no import.',
      from: { path: '^(src|server|sw|scripts|bench)/', pathNot: '^src/common/' },
      to: { path: '^src/common/', dependencyTypesNot: ['aliased-tsconfig-paths'] },
    },
    {
      name: 'common-imports-nothing-else',
      severity: 'error',
      comment:
        'src/common/ runs on both the server and the client, so it depends on nothing outside itself ' +
        'in this repository (npm packages such as zod and date-fns are fine).',
      from: { path: '^src/common/' },
      to: { path: '^(src|server|sw)/', pathNot: '^src/common/' },
    },
    {
      name: 'client-never-imports-server',
      severity: 'error',
      comment:
        'The client and the service worker never import server code: it would drag Node-only modules ' +
        '(pg, argon2, nodemailer) into the bundle. Share through src/common/ instead.',
      from: { path: '^(src|sw)/' },
      to: { path: '^server/' },
    },
    {
      name: 'features-not-across',
      severity: 'error',
      comment:
        'A feature (src/features/X/) does not import another feature (src/features/Y/). Move what both ' +
        'need into src/ui/, src/data/ or src/common/.',
      // $1 in `to` is the feature folder captured by `from.path`.
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/[^/]+/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'ui-not-features',
      severity: 'error',
      comment:
        'src/ui/ holds the pieces every feature shares (dialogs, toasts, icons): it never imports a ' +
        'feature. Move what it needs out of the feature into src/ui/, src/data/ or src/common/.',
      from: { path: '^src/ui/' },
      to: { path: '^src/features/' },
    },
    {
      name: 'screens-through-data-areas',
      severity: 'error',
      comment:
        'Screens reach data through the area modules (src/data/*.ts), never through the data layer ' +
        'internals in src/data/core/ (database, outbox, sync engine).',
      from: { path: '^src/features/' },
      to: { path: '^src/data/core/' },
    },
    // Deliberately no `no-orphans` rule.
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    // Keep type-only imports (`import type`, `import { type X }`) in the graph: see no-circular above.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
