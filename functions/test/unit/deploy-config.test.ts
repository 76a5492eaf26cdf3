import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REGION } from '../../src/region';

const root = path.resolve(import.meta.dirname, '../../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;

interface Rewrite {
  source: string;
  function?: string | { functionId: string; region?: string };
}
interface Endpoint {
  region?: string[];
  secretEnvironmentVariables?: Array<{ key: string }>;
}

const deployed = async () => Object.entries(await import('../../src/index')) as Array<[string, { __endpoint: Endpoint }]>;

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
      lines.indexOf('$ firebase deploy --only hosting,functions,firestore:rules,firestore:indexes,storage --project studio-prod'),
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
