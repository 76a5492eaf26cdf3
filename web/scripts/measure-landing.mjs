#!/usr/bin/env node
/**
 * The landing page's initial JavaScript: the entry chunk that web/dist/index.html
 * loads plus every chunk it modulepreloads, each gzipped (level 9), summed.
 * Run after `npm run build -w web` (or a build into a scratch directory):
 *
 *   node web/scripts/measure-landing.mjs [--dist <dir>] [--budget-kib 120] [--json]
 *
 * --dist defaults to web/dist. Exits 1 when the total exceeds the budget
 * (KiB, default 120 with every landing section on: docs/adr/0084, which
 * raised ADR 0080's 115).
 * The stylesheet is reported beside it but not counted as JavaScript.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
/** The value after `--name`, or `fallback` when the option is absent. */
function option(name, fallback) {
  const index = args.indexOf(name);
  if (index < 0) return fallback;
  const value = args[index + 1];
  if (value === undefined || value.startsWith('--')) {
    console.error(`${name} needs a value`);
    process.exit(2);
  }
  return value;
}

const dist = resolve(option('--dist', resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist')));
const budgetKiB = Number(option('--budget-kib', '120'));
if (!(budgetKiB > 0)) {
  console.error('--budget-kib must be a positive number of KiB');
  process.exit(2);
}
const asJson = args.includes('--json');

if (!existsSync(join(dist, 'index.html'))) {
  console.error(`No build in ${dist}: run \`npm run build -w web\`, or pass --dist <dir> of a \`vite build --outDir <dir>\`.`);
  process.exit(2);
}
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const attr = (tag, name) => new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1];
const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];

// Under the strict CSP (ADR 0100) the entry and its modulepreloads are created by an inline loader (`var l=[…],s=[…]`) rather than tags.
const loader = /var l=(\[.*?\]\]),s=(\[.*?\]\]);/.exec(html);
const loaded = loader ? [...JSON.parse(loader[1]), ...JSON.parse(loader[2])].map(([tag, attributes]) => ({ tag, ...attributes })) : [];
const entry = [
  ...tags.filter((tag) => tag.startsWith('<script') && attr(tag, 'type') === 'module').map((tag) => attr(tag, 'src')),
  ...loaded.filter((element) => element.tag === 'script' && element.type === 'module').map((element) => element.src),
];
const preloaded = [
  ...tags.filter((tag) => tag.startsWith('<link') && attr(tag, 'rel') === 'modulepreload').map((tag) => attr(tag, 'href')),
  ...loaded.filter((element) => element.tag === 'link' && element.rel === 'modulepreload').map((element) => element.href),
].filter((href) => !entry.includes(href));
if (entry.length === 0) {
  console.error('No entry script found in index.html (neither a <script type="module"> nor the CSP loader): nothing to measure.');
  process.exit(2);
}
const styles = tags.filter((tag) => tag.startsWith('<link') && attr(tag, 'rel') === 'stylesheet').map((tag) => attr(tag, 'href'));

function measure(href, role) {
  const bytes = readFileSync(join(dist, href.replace(/^\//, '')));
  return { file: href, role, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

const js = [...entry.map((href) => measure(href, 'entry')), ...preloaded.map((href) => measure(href, 'modulepreload'))];
const css = styles.map((href) => measure(href, 'stylesheet'));
const total = js.reduce((sum, file) => sum + file.gzip, 0);
const kib = (n) => (n / 1024).toFixed(2);
const kb = (n) => (n / 1000).toFixed(2);

if (asJson) {
  console.log(JSON.stringify({ js, css, totalGzipBytes: total, budgetKiB }, null, 2));
} else {
  for (const file of [...js, ...css])
    console.log(`${file.role.padEnd(14)} ${file.file.padEnd(44)} ${kib(file.gzip).padStart(8)} KiB gz  (${kib(file.raw)} KiB raw)`);
  console.log(`landing initial JS: ${kib(total)} KiB gz (${kb(total)} kB) — budget ${budgetKiB} KiB`);
}
if (total > budgetKiB * 1024) {
  console.error(`Over budget by ${kib(total - budgetKiB * 1024)} KiB`);
  process.exit(1);
}
