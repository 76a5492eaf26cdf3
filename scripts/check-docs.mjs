// Docs that cannot drift silently (issue 26): `npm run lint` runs it and fails when
//  1. a relative link in a Markdown file does not resolve to a file in the repo;
//  2. a route the web app registers is missing from its area's README;
//  3. an area README calls something 'not built yet' or 'still to come'
//     (ADRs are dated records and may say what was missing when they were written).
// Routes are read from where the router takes them: lib/paths.ts (the spec's
// routes), features/admin/admin-links.ts (a console screen's path must be one of
// its links) and the literal `path:` entries of app/routes/*.tsx.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const skip = new Set(['node_modules', 'lib', 'dist', '.git', '.local', 'test-results', 'playwright-report', 'coverage']);

function walk(dir, keep, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, keep, out);
    else if (keep(entry.name)) out.push(full);
  }
  return out;
}

const rel = (file) => path.relative(root, file);
const problems = [];

// 1. Relative links: [text](target) and [text]: target, outside code spans and fences.
const markdown = walk(root, (name) => name.endsWith('.md'));
for (const file of markdown) {
  const text = readFileSync(file, 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '');
  const targets = [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g), ...text.matchAll(/^\s*\[[^\]]+\]:\s+(\S+)/gm)].map((m) => m[1]);
  for (const target of targets) {
    if (/^([a-z][a-z0-9+.-]*:|#|\/\/)/i.test(target)) continue; // another site, a mail address, an anchor on the same page
    const filePart = decodeURI(target.split('#')[0]);
    if (filePart === '') continue;
    const resolved = filePart.startsWith('/') ? path.join(root, filePart) : path.resolve(path.dirname(file), filePart);
    if (!existsSync(resolved)) problems.push(`${rel(file)}: the link '${target}' leads to nothing (${rel(resolved)})`);
  }
}

// 2. Registered routes, each in its area's README.
const read = (file) => readFileSync(path.join(root, file), 'utf8');
const routes = new Set();
for (const [, route] of read('web/src/lib/paths.ts').matchAll(/^\s+\w+: '(\/[^']*)',$/gm)) routes.add(route);
for (const [, route] of read('web/src/features/admin/admin-links.ts').matchAll(/'(\/admin[^']*)'/g)) routes.add(route);
for (const file of readdirSync(path.join(root, 'web/src/app/routes')).filter((name) => /\.tsx?$/.test(name) && !name.includes('.test.'))) {
  for (const [, route] of read(`web/src/app/routes/${file}`).matchAll(/path: '(\/[^']*)'/g)) routes.add(route);
}
if (routes.size < 20) problems.push(`only ${routes.size} routes found: the router's files moved; update scripts/check-docs.mjs`);

/** Which README documents a route; the first matching prefix wins. */
const areas = [
  ['/admin', 'docs/admin/README.md'],
  ['/mystudio', 'docs/customer-area/README.md'],
  ['/checkout', 'docs/payments/README.md'],
  ['/gracias', 'docs/payments/README.md'],
  ['/entrar', 'docs/auth/README.md'],
  ['/registro', 'docs/auth/README.md'],
  ['/recuperar', 'docs/auth/README.md'],
  ['/', 'docs/public-site/README.md'],
];
for (const route of [...routes].sort()) {
  if (route.startsWith('/#')) continue; // an anchor on the landing page, not a route
  const readme = areas.find(([prefix]) => route === prefix || route.startsWith(prefix === '/' ? '/' : `${prefix}`))[1];
  const text = read(readme);
  // A parameter may be written :coach_id, {coach_id} or {id}.
  const pattern = route
    .split(/:\w+/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('(?::\\w+|\\{\\w+\\})');
  if (!new RegExp(`${pattern}(?![\\w/-])`).test(text)) {
    problems.push(`${readme}: the route ${route} is registered by the web app but not described here`);
  }
}

// 3. Area READMEs say what exists.
const readmes = ['README.md', 'web/README.md', ...walk(path.join(root, 'docs'), (name) => name === 'README.md').map(rel)];
for (const readme of readmes) {
  read(readme)
    .split('\n')
    .forEach((line, index) => {
      if (/not built yet|not yet built|(is|are) still to come/i.test(line))
        problems.push(`${readme}:${index + 1}: says something is not built; describe what exists`);
    });
}

if (problems.length > 0) {
  console.error(`Docs check: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`Docs check: ${markdown.length} Markdown files, ${routes.size} routes, ${readmes.length} READMEs: fine.`);
