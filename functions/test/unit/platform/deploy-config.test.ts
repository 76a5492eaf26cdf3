import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REGION } from '../../../src/region';

const root = path.resolve(import.meta.dirname, '../../../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;

interface Rewrite {
  source: string;
  function?: string | { functionId: string; region?: string };
}
interface Endpoint {
  region?: string[];
  secretEnvironmentVariables?: Array<{ key: string }>;
}

const deployed = async () => Object.entries(await import('../../../src/index')) as Array<[string, { __endpoint: Endpoint }]>;

describe('deploy configuration (docs/adr/0102-region.md)', () => {
  it("points every Hosting rewrite at a deployed function in the code's region", async () => {
    const rewrites = ((readJson('firebase.json').hosting as { rewrites: Rewrite[] }).rewrites ?? []).filter((r) => r.function !== undefined);
    expect(rewrites.length).toBeGreaterThan(0);
    const names = new Set((await deployed()).map(([name]) => name));
    for (const rewrite of rewrites) {
      // A bare function name, or one without region, means us-central1 to Hosting: the region must be written out.
      expect(typeof rewrite.function, `${rewrite.source}: use { functionId, region }`).toBe('object');
      const target = rewrite.function as { functionId: string; region?: string };
      expect(names, rewrite.source).toContain(target.functionId);
      expect(target.region, `firebase.json rewrite ${rewrite.source}`).toBe(REGION);
    }
  });

  it('deploys every function to that region', async () => {
    for (const [name, fn] of await deployed()) expect(fn.__endpoint.region, name).toEqual([REGION]);
  });

  it('lists in .secret.local.example exactly the secrets the api declares (the deploy script checks each)', async () => {
    const listed = readFileSync(path.join(root, '.secret.local.example'), 'utf8')
      .split('\n')
      .flatMap((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1] ?? []);
    const api = (await deployed()).find(([name]) => name === 'api')?.[1];
    expect(listed.sort()).toEqual((api?.__endpoint.secretEnvironmentVariables ?? []).map((s) => s.key).sort());
  });
});

interface HeaderRule {
  source?: string;
  regex?: string;
  headers: Array<{ key: string; value: string }>;
}

describe('Hosting header rules (firebase.json; docs/security "Headers and CORS")', () => {
  const hosting = readJson('firebase.json').hosting as { headers: HeaderRule[]; rewrites: Rewrite[] };
  const security = hosting.headers.find((rule) => rule.headers.some((h) => h.key === 'Content-Security-Policy'));
  /** Every path a rewrite hands to a function, with samples under a `/**` source. */
  const functionPaths = hosting.rewrites
    .filter((r) => r.function !== undefined)
    .flatMap((r) =>
      r.source.endsWith('/**')
        ? [r.source.slice(0, -3), `${r.source.slice(0, -2)}`, `${r.source.slice(0, -2)}appconfig`, `${r.source.slice(0, -2)}files/raw/12`]
        : [r.source],
    );
  /** Whether a rule applies to a path: RE2 regexes are a subset of JavaScript's; globs here are a literal prefix and a trailing `**`. */
  const applies = (rule: HeaderRule, path: string) => {
    if (rule.regex !== undefined) return new RegExp(rule.regex).test(path);
    const source = rule.source as string;
    if (source === '**') return true;
    if (!source.endsWith('/**') || source.slice(0, -3).includes('*')) throw new Error(`teach this test the glob ${source}`);
    return path === source.slice(0, -3) || path.startsWith(source.slice(0, -2));
  };

  it('leaves every path a function answers to the function’s own headers (Hosting’s rules replace them)', () => {
    expect(functionPaths).toEqual(expect.arrayContaining(['/api', '/api/appconfig', '/sitemap.xml', '/manifest.webmanifest']));
    for (const rule of hosting.headers) {
      for (const path of functionPaths) expect(applies(rule, path), `${rule.regex ?? rule.source} on ${path}`).toBe(false);
    }
  });

  it('gives every other path the SPA’s security headers, with a regex RE2 accepts (no lookaround, no backreferences)', () => {
    expect(security?.regex).toBeDefined();
    expect(security?.regex).not.toMatch(/\(\?[=!<]|\\[1-9]/);
    for (const path of ['/', '/index.html', '/calendario', '/mystudio/pagos', '/checkout/3', '/assets/index-abc123.js', '/favicon.ico', '/robots.txt']) {
      expect(applies(security as HeaderRule, path), path).toBe(true);
    }
    // Near misses of the function's paths are SPA routes like any other.
    for (const path of ['/a', '/ap', '/apis', '/apiary/x', '/x/api', '/sitemap', '/sitemap.xmlx', '/sitemap.xml/x', '/manifest.webmanifest/']) {
      expect(applies(security as HeaderRule, path), path).toBe(true);
    }
  });
});

describe('npm run deploy --dry-run', () => {
  const run = (...args: string[]) => spawnSync(process.execPath, ['scripts/deploy.mjs', '--dry-run', ...args], { cwd: root, encoding: 'utf8' });

  it('refuses the demo project of .firebaserc', () => {
    const result = run();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('demostración');
  });

  it('checks the CLI session and each secret, then builds and deploys every target to the named project', () => {
    const result = run('--project', 'studio-prod');
    expect(result.status).toBe(0);
    const lines = result.stdout.split('\n').map((line) => line.trim());
    expect(lines).toContain('$ firebase functions:secrets:get STRIPE_WEBHOOK_SECRET --project studio-prod');
    expect(lines.indexOf('$ npm run build')).toBeLessThan(
      lines.indexOf('$ firebase deploy --only hosting,functions,firestore:rules,firestore:indexes,storage,extensions --project studio-prod'),
    );
    expect(lines.indexOf('$ npm run build')).toBeGreaterThan(-1);
  });

  it('warns when App Check is enforced without the site key the web needs', () => {
    const envFile = path.join(root, 'functions', '.env.studio-appcheck-test');
    writeFileSync(envFile, 'WEB_API_KEY=abc\nAPP_CHECK_ENFORCED=true\n');
    try {
      expect(run('--project', 'studio-appcheck-test').stdout).toContain('APP_CHECK_ENFORCED=true sin APP_CHECK_SITE_KEY');
      writeFileSync(envFile, 'WEB_API_KEY=abc\nAPP_CHECK_ENFORCED=true\nAPP_CHECK_SITE_KEY=6Lc-clave\n');
      expect(run('--project', 'studio-appcheck-test').stdout).not.toContain('APP_CHECK_SITE_KEY');
    } finally {
      rmSync(envFile, { force: true });
    }
  });
});

describe('the Trigger Email extension in the manifest (docs/operations.md "E-mail")', () => {
  const run = (...args: string[]) => spawnSync(process.execPath, ['scripts/deploy.mjs', ...args], { cwd: root, encoding: 'utf8' });
  // firebase-tools' own reader of extensions/<instance>.env[.<project>], as `firebase deploy` reads them.
  const { readInstanceParam } = createRequire(import.meta.url)(path.join(root, 'node_modules/firebase-tools/lib/extensions/manifest.js')) as {
    readInstanceParam(args: { projectDir: string; instanceId: string; projectId: string; projectNumber: string; aliases: string[] }): Record<string, string>;
  };
  const paramsFor = (projectId: string) =>
    readInstanceParam({ projectDir: root, instanceId: 'firestore-send-email', projectId, projectNumber: '123', aliases: [] });

  it('pins the extension and points it at the collection the app writes, in the database’s location, with the password as a secret', () => {
    const extensions = readJson('firebase.json').extensions as Record<string, string>;
    expect(extensions['firestore-send-email']).toMatch(/^firebase\/firestore-send-email@\d+\.\d+\.\d+$/);
    const params = paramsFor('studio-prod');
    // mail/ is where every e-mail is written (docs/mail); nam5 is the database's location (ADR 0102).
    expect(params).toMatchObject({ DATABASE: '(default)', DATABASE_REGION: 'nam5', MAIL_COLLECTION: 'mail', AUTH_TYPE: 'UsernamePassword' });
    expect(params.SMTP_PASSWORD).toBe('projects/${param:PROJECT_NUMBER}/secrets/firestore-send-email-SMTP_PASSWORD/versions/latest');
    expect(Object.values(params).join(' ')).not.toMatch(/smtps?:\/\/[^@\s]*:[^@\s]*@/);
  });

  it('shows the extension, its parameters and its secret in --dry-run, and deploys it with the rest', () => {
    const envFile = path.join(root, 'extensions', 'firestore-send-email.env.studio-mail-test');
    writeFileSync(envFile, 'SMTP_CONNECTION_URI=smtps://reservas@estudio.mx@smtp.example.com:465\nDEFAULT_FROM=Estudio Latido <reservas@estudio.mx>\n');
    try {
      expect(paramsFor('studio-mail-test')).toMatchObject({ SMTP_CONNECTION_URI: 'smtps://reservas@estudio.mx@smtp.example.com:465', MAIL_COLLECTION: 'mail' });
      const result = run('--dry-run', '--project', 'studio-mail-test');
      expect(result.status).toBe(0);
      const lines = result.stdout.split('\n').map((line) => line.trim());
      expect(lines).toContain('firestore-send-email → firebase/firestore-send-email@0.2.0');
      expect(lines).toContain('parámetros: extensions/firestore-send-email.env + extensions/firestore-send-email.env.studio-mail-test');
      expect(lines).toContain('SMTP_CONNECTION_URI=smtps://reservas@estudio.mx@smtp.example.com:465');
      expect(lines).toContain('MAIL_COLLECTION=mail');
      expect(lines.some((line) => line.startsWith('secreto SMTP_PASSWORD: firestore-send-email-SMTP_PASSWORD en Secret Manager'))).toBe(true);
      expect(lines).toContain('$ firebase deploy --only hosting,functions,firestore:rules,firestore:indexes,storage,extensions --project studio-mail-test');
      expect(result.stdout).not.toContain('! Falta SMTP_CONNECTION_URI');
    } finally {
      rmSync(envFile, { force: true });
    }
  });

  it('refuses to deploy, before touching the project, without the SMTP settings or with the password in the URI', () => {
    const project = 'studio-mail-refused';
    const functionsEnv = path.join(root, 'functions', `.env.${project}`);
    const envFile = path.join(root, 'extensions', `firestore-send-email.env.${project}`);
    writeFileSync(functionsEnv, 'WEB_API_KEY=abc\n');
    try {
      const missing = run('--project', project);
      expect(missing.status).toBe(1);
      expect(missing.stderr).toContain(`Falta SMTP_CONNECTION_URI (smtps://<usuario>@<servidor SMTP>:465) en extensions/firestore-send-email.env.${project}`);
      expect(missing.stderr).toContain('Falta DEFAULT_FROM');
      expect(missing.stdout).not.toContain('firebase');

      writeFileSync(envFile, 'SMTP_CONNECTION_URI=smtps://reservas:secreta@smtp.example.com:465\nDEFAULT_FROM=reservas@estudio.mx\n');
      const withPassword = run('--project', project);
      expect(withPassword.status).toBe(1);
      expect(withPassword.stderr).toContain('lleva la contraseña');
      expect(run('--dry-run', '--project', project).stdout).toContain('! SMTP_CONNECTION_URI');
    } finally {
      rmSync(functionsEnv, { force: true });
      rmSync(envFile, { force: true });
    }
  });
});
