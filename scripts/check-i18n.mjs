#!/usr/bin/env node
// Biome has no i18n rule; this fills the gap (run by `npm run lint`):
//  - no text literal in JSX: user-facing words go through t('key');
//  - every key in both fr.json and en.json;
//  - every literal t('key') used in src/ exists;
//  - every API error code has a message under `errors.`;
//  - French a club would write: the rules in FRENCH_RULES below, and greetings by first name.
import fs from 'node:fs';
import path from 'node:path';
import { frenchProblems, greetsByUsername } from './french-rules.mjs';

const problems = [];
const read = (file) => fs.readFileSync(file, 'utf8');

function flatten(object, prefix = '') {
  return Object.entries(object).flatMap(([key, value]) =>
    value && typeof value === 'object' ? flatten(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

// The later texts (src/common/i18n/later, loaded with the lazy routes) are part of each catalogue.
const catalogue = (lang) => [
  ...flatten(JSON.parse(read(`src/common/i18n/${lang}.json`))),
  ...flatten(JSON.parse(read(`src/common/i18n/later/${lang}.json`))),
];
const fr = new Set(catalogue('fr'));
const en = new Set(catalogue('en'));
for (const key of catalogue('fr').filter((key, i, all) => all.indexOf(key) !== i))
  problems.push(`in both the first and the later catalogue: ${key}`);
for (const key of fr) if (!en.has(key)) problems.push(`missing in en.json: ${key}`);
for (const key of en) if (!fr.has(key)) problems.push(`missing in fr.json: ${key}`);
// The server's own pages (server/i18n/server-pages.*.json): the same rule.
const serverFr = new Set(flatten(JSON.parse(read('server/i18n/server-pages.fr.json'))));
const serverEn = new Set(flatten(JSON.parse(read('server/i18n/server-pages.en.json'))));
for (const key of serverFr)
  if (!serverEn.has(key)) problems.push(`missing in server/i18n/server-pages.en.json: ${key}`);
for (const key of serverEn)
  if (!serverFr.has(key)) problems.push(`missing in server/i18n/server-pages.fr.json: ${key}`);

// French a club would write (docs/rules.md#words), checked on the app's French catalogues (scripts/french-rules.mjs);
// a catalogue is fixed by rewording, never by loosening a rule.
const frenchValues = (file) => {
  const walk = (object, prefix = '') =>
    Object.entries(object).flatMap(([key, value]) =>
      value && typeof value === 'object'
        ? walk(value, `${prefix}${key}.`)
        : [[`${prefix}${key}`, String(value)]],
    );
  return walk(JSON.parse(read(file)));
};
for (const file of ['src/common/i18n/fr.json', 'src/common/i18n/later/fr.json']) {
  for (const [key, value] of frenchValues(file))
    for (const why of frenchProblems(value)) problems.push(`${file}: ${key} = "${value}": ${why}`);
}
// Greetings also in the server's pages and mails.
for (const file of [
  'src/common/i18n/fr.json',
  'src/common/i18n/later/fr.json',
  'server/i18n/server-pages.fr.json',
]) {
  for (const [key, value] of frenchValues(file))
    if (greetsByUsername(value))
      problems.push(`${file}: ${key} = "${value}": greet by first name ({{name}}), never by username`);
}

const errorCodes = [...read('src/common/contract/errors.ts').matchAll(/^\s+'([a-z_]+)',$/gm)].map(
  (m) => m[1],
);
if (errorCodes.length === 0) problems.push('no error codes found in src/common/contract/errors.ts');
for (const code of errorCodes)
  if (!fr.has(`errors.${code}`)) problems.push(`error code without a message: errors.${code}`);

// Text between a tag's end and the next tag or expression. Symbols, digits and punctuation are allowed.
// A `>` right after `=` is an arrow (`() => Promise<T>`), never a tag's end.
const JSX_TEXT = /(?<!=)>([^<>{}]*[\p{L}][^<>{}]*)</gu;
const T_CALL = /\bt\(\s*(['"])([a-z0-9_.]+)\1/g;
for (const file of sourceFiles('src')) {
  const source = read(file);
  if (file.endsWith('.tsx')) {
    // Drop generic type arguments and arrow bodies like `() => x < y` before looking for JSX text.
    const code = source.replace(/\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const match of code.matchAll(JSX_TEXT)) {
      const text = match[1].trim();
      if (text && !/^[\s\p{P}\p{S}\d]*$/u.test(text) && !/[=;()]|=>/.test(text)) {
        const line = code.slice(0, match.index).split('\n').length;
        problems.push(`${file}:${line}: JSX text literal "${text}" (use t('…'))`);
      }
    }
  }
  for (const match of source.matchAll(T_CALL)) {
    if (!fr.has(match[2])) problems.push(`${file}: t('${match[2]}') has no key in fr.json`);
  }
}

// The entry (src/main.tsx and what it imports statically) renders before any later text is in: each of its
// literal t('key') is in the first catalogue (docs/architecture.md#what-the-first-paint-loads).
const firstKeys = new Set(flatten(JSON.parse(read('src/common/i18n/fr.json'))));
const hasFirst = (key) => firstKeys.has(key) || [...firstKeys].some((k) => k.startsWith(`${key}_`));
const resolveImport = (from, spec) => {
  const base = spec.startsWith('@common/')
    ? path.join('src/common', spec.slice('@common/'.length))
    : spec.startsWith('.')
      ? path.join(path.dirname(from), spec)
      : null;
  if (!base) return null;
  return (
    ['.ts', '.tsx', '/index.ts', '/index.tsx', '']
      .map((ext) => base + ext)
      .find((f) => fs.existsSync(f) && fs.statSync(f).isFile()) ?? null
  );
};
const entryFiles = new Set();
const walk = (file) => {
  if (entryFiles.has(file) || !/\.(ts|tsx)$/.test(file) || !fs.existsSync(file)) return;
  entryFiles.add(file);
  const source = read(file);
  for (const m of source.matchAll(
    /^(?:import|export)\s+(?!type\s)[^;]*?from\s+'([^']+)'|^import\s+'([^']+)'/gms,
  )) {
    const next = resolveImport(file, m[1] ?? m[2]);
    if (next) walk(next);
  }
};
walk('src/main.tsx');
for (const file of entryFiles) {
  for (const match of read(file).matchAll(T_CALL)) {
    if (fr.has(match[2]) && !hasFirst(match[2]))
      problems.push(
        `${file}: t('${match[2]}') is in the first paint's code: its key belongs in src/common/i18n/fr.json and en.json, not later/`,
      );
  }
}

if (problems.length > 0) {
  console.error(`i18n check: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`i18n check: ${fr.size} keys in fr and en, ${errorCodes.length} error codes, OK`);
