#!/usr/bin/env node
/**
 * Lighthouse (mobile, headless Chromium) on the public site's key pages of a
 * running stack, with the bars from issue 10 (docs/public-site/README.md):
 *
 *   node scripts/lighthouse.mjs [base-url] [--runs N] [--json] [--check]
 *
 * base-url defaults to http://127.0.0.1:5000 (the local stack's Hosting
 * emulator; start it with `npm start`). Pages: /, /paquetes, /calendario.
 * Chromium comes from CHROME_PATH (default /usr/bin/chromium). --runs takes
 * the median of N runs per page (performance varies run to run). --json prints
 * the scores as JSON instead of a table. --check exits 1 when a page misses a
 * bar; without it the run only reports. Exit 2: Chromium or the site could not
 * be reached.
 */
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const PAGES = ['/', '/paquetes', '/calendario'];
/** The bars, in percent: issue 10's "Findable" and "Fast" criteria. */
const BARS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const CATEGORIES = Object.keys(BARS);

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const check = args.includes('--check');
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 1;
const positional = args.filter((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--runs');
const unknown = args.filter((arg) => arg.startsWith('--') && !['--json', '--check', '--runs'].includes(arg));
if (unknown.length > 0 || !Number.isInteger(runs) || runs < 1 || positional.length > 1) {
  console.error('usage: node scripts/lighthouse.mjs [base-url] [--runs N] [--json] [--check]');
  process.exit(2);
}
const base = (positional[0] ?? process.env.LIGHTHOUSE_BASE_URL ?? 'http://127.0.0.1:5000').replace(/\/+$/, '');
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';

function fail(message) {
  console.error(message);
  process.exit(2);
}

async function launchChrome() {
  // Checked first: chrome-launcher reports a missing binary as an unhandled spawn error.
  if (!existsSync(chromePath)) fail(`No Chromium at ${chromePath}. Install it (apt-get install -y chromium) or set CHROME_PATH.`);
  try {
    // --no-sandbox: CI and containers run as root, where Chromium's sandbox refuses to start.
    return await chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
      logLevel: 'silent',
    });
  } catch (error) {
    fail(`Could not start Chromium at ${chromePath} (${error.message}). Install it (apt-get install -y chromium) or set CHROME_PATH.`);
  }
}

/** Fails early, with a message, when nothing answers at the base URL (rather than a Lighthouse error page score). */
async function assertSiteUp() {
  try {
    const response = await fetch(`${base}/`, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
  } catch (error) {
    const reason = error.cause?.code ?? error.message;
    throw new Error(`Nothing usable is listening at ${base} (${reason}). Start the local stack first (npm start) or pass the base URL of a running site.`, {
      cause: error,
    });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function audit(port, path) {
  const url = `${base}${path}`;
  const samples = [];
  let lastFailing = [];
  for (let run = 0; run < runs; run++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, formFactor: 'mobile' });
    const { lhr } = result ?? {};
    if (!lhr) throw new Error(`Lighthouse returned no report for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
    samples.push(Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])));
    // What pulled each missed category down, so a failure says where to look.
    lastFailing = CATEGORIES.flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ({
          category: id,
          audit: ref.id,
          title: lhr.audits[ref.id].title,
          score: lhr.audits[ref.id].score,
          value: lhr.audits[ref.id].displayValue ?? '',
        })),
    );
  }
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, median(samples.map((sample) => sample[id]))]));
  const missed = CATEGORIES.filter((id) => scores[id] < BARS[id]);
  return { path, url, scores, missed, failingAudits: lastFailing.filter((entry) => missed.includes(entry.category)) };
}

function printTable(results) {
  const header = ['page', ...CATEGORIES];
  const rows = results.map((r) => [r.path, ...CATEGORIES.map((id) => `${r.scores[id]}${r.missed.includes(id) ? ' ✗' : ''}`)]);
  const bars = ['bar', ...CATEGORIES.map((id) => `≥ ${BARS[id]}`)];
  const widths = header.map((_, i) => Math.max(...[header, bars, ...rows].map((row) => String(row[i]).length)));
  const line = (row) => row.map((cell, i) => String(cell).padEnd(widths[i])).join('  ');
  console.log(`Lighthouse (mobile) on ${base}${runs > 1 ? `, median of ${runs} runs` : ''}`);
  console.log(line(header));
  console.log(line(bars));
  for (const row of rows) console.log(line(row));
  for (const r of results) {
    for (const entry of r.failingAudits) console.log(`  ${r.path} ${entry.category}: ${entry.audit} — ${entry.title}${entry.value ? ` (${entry.value})` : ''}`);
  }
}

const chrome = await launchChrome();
let results;
try {
  // Proof that the browser is up and which one scores the site (stderr, so --json stays parseable).
  const version = await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json();
  console.error(`${version.Browser} started (pid ${chrome.pid}).`);
  await assertSiteUp();
  results = [];
  for (const path of PAGES) results.push(await audit(chrome.port, path));
} catch (error) {
  chrome.kill();
  fail(error.message);
}
chrome.kill();

if (asJson) console.log(JSON.stringify({ base, runs, bars: BARS, pages: results }, null, 2));
else printTable(results);
const missedAny = results.some((r) => r.missed.length > 0);
if (missedAny && !asJson) console.log('Some pages miss a bar (✗).');
process.exit(check && missedAny ? 1 : 0);
