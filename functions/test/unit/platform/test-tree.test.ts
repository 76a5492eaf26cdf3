/**
 * The unit tests mirror the code (functions/test/README.md): a test of
 * services/<area>/ sits in unit/<area>/, the layers and the platform in their
 * own folders. A test dropped at the root, or in a folder named after no
 * area, fails here, so the map in the README stays true.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const unit = path.join(root, 'functions/test/unit');
// An area is a folder of services/ or a one-file area at its top (services/pages.ts).
const areas = readdirSync(path.join(root, 'functions/src/services')).map((name) => name.replace(/\.ts$/, ''));
/** Folders that are not a service area: the layers (domain's shared helpers among them), the platform, the seed, the year simulation. */
const LAYERS = ['http', 'data', 'domain', 'platform', 'seed', 'sim'];

describe('the unit test tree', () => {
  it('keeps no test file at its root (only the shared support)', () => {
    const files = readdirSync(unit, { withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files.map((entry) => entry.name)).toEqual(['support.ts']);
  });

  it('names every folder after a service area or a layer', () => {
    const folders = readdirSync(unit, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.filter((folder) => !areas.includes(folder) && !LAYERS.includes(folder))).toEqual([]);
  });
});
