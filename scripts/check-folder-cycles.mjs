// No cycle between folders, at any depth (docs/architecture.md#checks); run by `npm run lint:deps` after
// dependency-cruiser, proved by tests/tooling/import-rules.test.ts.
//
// dependency-cruiser's own folder rule (no-circular-folders) counts a folder as all the files below it and
// never compares a folder with its parent's loose files, so `server/i18n.ts -> server/mail/` and back was
// invisible to it. Here, at every depth d, each file belongs to its folder d levels down, or stands for
// itself when it sits higher: `server/mail/compose-mail.tsx` is `server/mail/` at depth 2, and
// `server/i18n.ts` is itself. Any strongly connected group of two or more such rooms is a cycle. Type-only
// imports count, as in every import rule (.dependency-cruiser.mjs keeps them in the graph).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const FOLDERS = ['src', 'server', 'sw', 'scripts', 'bench'];

/** The import graph dependency-cruiser sees with the project's config, as [from, to] file pairs. */
export function importPairs(cwd = process.cwd()) {
  const json = execFileSync(
    'depcruise',
    [...FOLDERS, '--config', '.dependency-cruiser.mjs', '--output-type', 'json'],
    { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  const pairs = [];
  for (const module of JSON.parse(json).modules) {
    if (module.coreModule || module.source.includes('node_modules')) continue;
    for (const dependency of module.dependencies) {
      if (dependency.coreModule || dependency.couldNotResolve || dependency.resolved.includes('node_modules'))
        continue;
      pairs.push([module.source, dependency.resolved]);
    }
  }
  return pairs;
}

/** The room of `file` at `depth`: its folder `depth` levels down, with a trailing slash, or the file itself. */
const roomOf = (file, depth) => {
  const parts = file.split('/');
  return parts.length > depth ? `${parts.slice(0, depth).join('/')}/` : file;
};

/** Strongly connected groups of two or more nodes (Tarjan), each with the imports that tie it. */
function cyclesOf(edges) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of edges.get(node)?.keys() ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node), low.get(target)));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
    }
    if (low.get(node) !== index.get(node)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return groups;
}

/** Every cycle between rooms, at every depth, with the imports that make it. */
export function folderCycles(pairs) {
  const deepest = Math.max(0, ...pairs.flat().map((file) => file.split('/').length - 1));
  const found = [];
  const seen = new Set();
  for (let depth = 1; depth <= deepest; depth += 1) {
    const edges = new Map();
    for (const [from, to] of pairs) {
      const a = roomOf(from, depth);
      const b = roomOf(to, depth);
      if (a === b) continue;
      if (!edges.has(a)) edges.set(a, new Map());
      const targets = edges.get(a);
      if (!edges.has(b)) edges.set(b, new Map());
      if (!targets.has(b)) targets.set(b, []);
      targets.get(b).push(`${from} → ${to}`);
    }
    for (const rooms of cyclesOf(edges)) {
      const key = rooms.join(' ');
      if (seen.has(key)) continue;
      seen.add(key);
      const imports = rooms.flatMap((a) =>
        [...edges.get(a).entries()].filter(([b]) => rooms.includes(b)).flatMap(([, list]) => list),
      );
      found.push({ rooms, imports });
    }
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const cycles = folderCycles(importPairs());
  // The same shape as dependency-cruiser's report ("error <rule>: <from> → <to>"), one line per cycle.
  for (const { rooms, imports } of cycles) {
    console.error(`  error no-folder-cycle: ${rooms[0]} → ${rooms.slice(1).join(' → ')}`);
    for (const line of imports) console.error(`      ${line}`);
  }
  if (cycles.length > 0) {
    console.error(`\n✘ ${cycles.length} cycle(s) between folders: make the imports between them go one way.`);
    process.exitCode = 1;
  } else console.log('✔ no cycle between folders, at any depth');
}
