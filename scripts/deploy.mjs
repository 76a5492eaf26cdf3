#!/usr/bin/env node
// `npm run deploy [-- --project <id>] [--dry-run]`: checks what a deploy needs,
// builds, then deploys Hosting, the functions, Firestore rules and indexes,
// Storage rules and the extensions of firebase.json's manifest (Trigger Email)
// to one project (docs/operations.md). --dry-run checks only what needs no
// network and prints the extensions and the commands instead of running them.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { project: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } } });
const dryRun = values['dry-run'];

const fail = (message) => {
  console.error(`✗ ${message}`);
  process.exit(1);
};

const defaultProject = () => JSON.parse(readFileSync(path.join(root, '.firebaserc'), 'utf8')).projects?.default;
const project = values.project ?? defaultProject();
// demo-* ids are the emulators' (Firebase never creates them): deploying there can only be a mistake.
if (!project || project.startsWith('demo-')) {
  fail(
    `El proyecto es "${project ?? '(ninguno)'}", el de demostración local. Indica el real: ` +
      '`npm run deploy -- --project <id>`, o agrégalo con `npx firebase use --add` (docs/operations.md).',
  );
}

/** The secret names the functions declare, one per line of .secret.local.example (`NAME=`). */
const secretNames = readFileSync(path.join(root, '.secret.local.example'), 'utf8')
  .split('\n')
  .map((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
  .filter(Boolean);

/** firebase-tools reads params from functions/.env and functions/.env.<project>; without WEB_API_KEY a deploy stops to ask. */
const envFiles = [`functions/.env.${project}`, 'functions/.env'];
const hasWebApiKey = envFiles.some((file) => existsSync(path.join(root, file)) && /^WEB_API_KEY=\S+/m.test(readFileSync(path.join(root, file), 'utf8')));
const paramOf = (name) =>
  envFiles
    .filter((file) => existsSync(path.join(root, file)))
    .map((file) => new RegExp(`^${name}=(.*)$`, 'm').exec(readFileSync(path.join(root, file), 'utf8'))?.[1]?.trim())
    .find((value) => value !== undefined);
// Enforcing App Check without the site key the web needs to get tokens would refuse every sign-up, booking and checkout.
const appCheckBroken = paramOf('APP_CHECK_ENFORCED') === 'true' && !paramOf('APP_CHECK_SITE_KEY');
const appCheckMissing = `APP_CHECK_ENFORCED=true sin APP_CHECK_SITE_KEY en functions/.env.${project}: la app no podría obtener tokens y se rechazarían registros, reservas y pagos (docs/operations.md).`;
const webApiKeyMissing = `Falta WEB_API_KEY en functions/.env.${project}: crea el archivo con la línea WEB_API_KEY=<Web API key de la consola de Firebase> (docs/operations.md).`;

/** KEY=value lines of a dotenv file (comments and blank lines skipped); null when the file is missing. */
const readEnv = (file) =>
  existsSync(path.join(root, file))
    ? Object.fromEntries(
        readFileSync(path.join(root, file), 'utf8')
          .split('\n')
          .map((line) => /^\s*([A-Z][A-Z0-9_]*)=(.*)$/.exec(line))
          .filter(Boolean)
          .map((match) => [match[1], match[2].trim()]),
      )
    : null;

/**
 * The extensions manifest (firebase.json "extensions", docs/operations.md "E-mail"): each instance, its pinned
 * version, its params files (extensions/<id>.env for every project, .env.<project> for this one) and its secrets.
 */
const extensions = Object.entries(JSON.parse(readFileSync(path.join(root, 'firebase.json'), 'utf8')).extensions ?? {}).map(([id, ref]) => {
  const shared = `extensions/${id}.env`;
  const own = `extensions/${id}.env.${project}`;
  const params = { ...(readEnv(shared) ?? {}), ...(readEnv(own) ?? {}) };
  const secrets = Object.entries(params)
    .filter(([, value]) => /^projects\/[^/]+\/secrets\/[^/]+\/versions\/[^/]+$/.test(value))
    .map(([key, value]) => ({ key, name: value.split('/')[3] }));
  return { id, ref, files: [shared, ...(existsSync(path.join(root, own)) ? [own] : [])], own, params, secrets };
});

/** What an instance lacks before it can send anything; empty when it is ready. */
function extensionProblems({ id, own, params }) {
  if (id !== 'firestore-send-email') return [];
  const problems = [];
  const uri = params.SMTP_CONNECTION_URI ?? '';
  if (!/^smtps?:\/\/[^\s/?]+:\d+(\?\S*)?$/.test(uri)) {
    problems.push(`Falta SMTP_CONNECTION_URI (smtps://<usuario>@<servidor SMTP>:465) en ${own}: sin ella no sale ningún correo (docs/operations.md "E-mail").`);
  } else {
    const authority = uri.replace(/^smtps?:\/\//, '').split('?')[0];
    const userinfo = authority.includes('@') ? authority.slice(0, authority.lastIndexOf('@')) : '';
    if (userinfo.includes(':'))
      problems.push(`SMTP_CONNECTION_URI en ${own} lleva la contraseña: quítala; va en el secreto SMTP_PASSWORD (docs/operations.md "E-mail").`);
  }
  if (!params.DEFAULT_FROM) problems.push(`Falta DEFAULT_FROM (p. ej. Estudio <reservas@tu-dominio.mx>) en ${own} (docs/operations.md "E-mail").`);
  return problems;
}
const extensionIssues = extensions.flatMap(extensionProblems);

const checks = [
  ...(process.env.GOOGLE_APPLICATION_CREDENTIALS
    ? []
    : [
        {
          command: ['firebase', 'login:list'],
          ok: (output) => output.includes('Logged in as'),
          error: 'El CLI de Firebase no tiene sesión: corre `npx firebase login` (en CI, GOOGLE_APPLICATION_CREDENTIALS con una cuenta de servicio).',
        },
      ]),
  ...secretNames.map((name) => ({
    command: ['firebase', 'functions:secrets:get', name, '--project', project],
    ok: () => true,
    error: `Falta el secreto ${name} en ${project}: npx firebase functions:secrets:set ${name} --project ${project}`,
  })),
];

const steps = [
  ['npm', 'run', 'build'],
  [
    'firebase',
    'deploy',
    '--only',
    `hosting,functions,firestore:rules,firestore:indexes,storage${extensions.length > 0 ? ',extensions' : ''}`,
    '--project',
    project,
  ],
];

const shown = (command) => command.join(' ');
// The repository's pinned firebase-tools, also when this runs as plain `node scripts/deploy.mjs`.
const env = { ...process.env, PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}` };

if (dryRun) {
  console.log(`Proyecto: ${project}`);
  if (!hasWebApiKey) console.log(`! ${webApiKeyMissing}`);
  if (appCheckBroken) console.log(`! ${appCheckMissing}`);
  for (const issue of extensionIssues) console.log(`! ${issue}`);
  if (extensions.length > 0) {
    console.log('Extensiones (firebase.json "extensions"; las instala y configura el deploy):');
    for (const extension of extensions) {
      console.log(`  ${extension.id} → ${extension.ref}`);
      console.log(`    parámetros: ${extension.files.join(' + ')}`);
      for (const [key, value] of Object.entries(extension.params)) {
        if (!extension.secrets.some((secret) => secret.key === key)) console.log(`      ${key}=${value}`);
      }
      for (const secret of extension.secrets) {
        console.log(`    secreto ${secret.key}: ${secret.name} en Secret Manager (el primer deploy pide el valor si aún no existe)`);
      }
    }
  }
  console.log('Comprobaría:');
  for (const check of checks) console.log(`  $ ${shown(check.command)}`);
  console.log('Correría:');
  for (const step of steps) console.log(`  $ ${shown(step)}`);
  process.exit(0);
}

if (!hasWebApiKey) fail(webApiKeyMissing);
if (appCheckBroken) fail(appCheckMissing);
if (extensionIssues.length > 0) fail(extensionIssues.join('\n✗ '));
for (const check of checks) {
  const run = spawnSync(check.command[0], check.command.slice(1), { cwd: root, env, encoding: 'utf8' });
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
  if (run.error) fail(`No se pudo correr \`${shown(check.command)}\`: ${run.error.message}. ¿Corriste npm ci?`);
  if (run.status !== 0 || !check.ok(output)) fail(check.error);
  console.log(`✓ ${shown(check.command)}`);
}
for (const step of steps) {
  console.log(`\n━━ ${shown(step)}`);
  const run = spawnSync(step[0], step.slice(1), { cwd: root, env, stdio: 'inherit' });
  if (run.status !== 0) fail(`Falló \`${shown(step)}\`; el despliegue se detuvo ahí (lo ya desplegado queda; corrige y vuelve a correrlo).`);
}
console.log(`\n✓ Desplegado en ${project}. Si es la primera vez: npm run bootstrap -- --project ${project} (docs/operations.md).`);
