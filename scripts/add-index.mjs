// Adds a composite index to firestore.indexes.json unless an identical one is
// there. Several people (or agents) may run it at once: a directory lock
// serialises the read-modify-write, and the file is replaced atomically.
//   node scripts/add-index.mjs '{"collectionGroup":"x","queryScope":"COLLECTION","fields":[...]}'
import { mkdirSync, readFileSync, renameSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.join(root, 'firestore.indexes.json');
const lock = `${file}.lock`;
const index = JSON.parse(process.argv[2] ?? 'null');
if (!index?.collectionGroup || !Array.isArray(index.fields)) {
  console.error('Usage: node scripts/add-index.mjs \'{"collectionGroup": …, "queryScope": …, "fields": […]}\'');
  process.exit(2);
}

for (let attempt = 0; ; attempt++) {
  try {
    mkdirSync(lock);
    break;
  } catch {
    if (attempt > 200) throw new Error(`${lock} is stuck; remove it if no one is editing.`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
}
try {
  const config = JSON.parse(readFileSync(file, 'utf8'));
  const normalized = JSON.stringify({ queryScope: 'COLLECTION', ...index });
  const exists = config.indexes.some((existing) => JSON.stringify({ queryScope: 'COLLECTION', ...existing }) === normalized);
  if (exists) {
    console.log('Index already present.');
  } else {
    config.indexes.push({ queryScope: 'COLLECTION', ...index });
    writeFileSync(`${file}.tmp`, `${JSON.stringify(config, null, 2)}\n`);
    renameSync(`${file}.tmp`, file);
    console.log('Index added.');
  }
} finally {
  rmdirSync(lock);
}
