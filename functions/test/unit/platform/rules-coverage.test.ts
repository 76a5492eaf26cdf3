/**
 * Runs everywhere (no emulator): every collection the code uses falls under a
 * match in firestore.rules that denies clients, nothing in firestore.rules or
 * storage.rules opens a path, and both keep their recursive catch-all
 * (ADR 0003). The emulator half is functions/test/rules/security-rules.test.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDenyAll, readSources, sampleDocument, scanCollections } from '../../rules/rules-scan';
import { FIRESTORE_RULES, STORAGE_KEYS, STORAGE_RULES } from '../../rules/rules-targets';

const root = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const collections = scanCollections(readSources(path.join(root, 'functions/src')));

const firestoreCheck = (rules: string, paths = [...collections.keys()].map(sampleDocument)) => checkDenyAll(rules, { ...FIRESTORE_RULES, paths });
const storageCheck = (rules: string) => checkDenyAll(rules, { ...STORAGE_RULES, paths: STORAGE_KEYS });

describe('firestore.rules covers every collection the code uses', () => {
  it('denies clients every collection found in functions/src', () => {
    // Printed so a reader sees what the rules cover without reading the scanner.
    console.log(`collections covered by firestore.rules (${collections.size}):\n  ${[...collections.keys()].join('\n  ')}`);
    expect(firestoreCheck(read('firestore.rules'))).toEqual([]);
  });

  it('finds a known set of collections, subcollections and template paths', () => {
    expect([...collections.keys()]).toEqual(
      expect.arrayContaining([
        'customers',
        'class_reservations',
        'dashboard_days',
        'idempotency_keys',
        'single_classes/{}/seats',
        'customers/{}/video_marks',
        'class_reservation_numbers',
        'instructors',
        'purchases',
        'customers/{}/holds',
        'single_classes/{}/waiting',
      ]),
    );
  });

  it('reads literal, template, property, constant and trigger paths from source text', () => {
    const found = scanCollections([
      {
        file: 'fake.ts',
        text: [
          "type ClassHolding = 'seats' | 'spots';",
          "store.collection('customers').doc(`${id}`);",
          'store.doc(`class_reservations/${id}`);',
          'store.collection(`single_classes/${classId}/${kind}`);',
          "const space = { collection: 'waitlist_numbers' };",
          "const COLLECTION = 'addresses';",
          "onDocumentWritten({ document: 'invoices/{invoiceId}' });",
          "getRecord<TagDoc>(deps.store, 'tags', id);",
          "store.collectionGroup('ratings');",
          "const purchases = (store: DocumentStore) => typedCollection<PurchaseDoc>(store, 'purchases');",
          'typedCollection<HoldDoc>(deps.store, `customers/${uid}/holds`);',
        ].join('\n'),
      },
    ]);
    expect([...found.keys()]).toEqual([
      'addresses',
      'class_reservations',
      'customers',
      'customers/{}/holds',
      'invoices',
      'purchases',
      'ratings',
      'single_classes/{}/seats',
      'single_classes/{}/spots',
      'tags',
      'waitlist_numbers',
    ]);
  });

  it('fails on a dynamic collection segment it cannot resolve', () => {
    expect(() => scanCollections([{ file: 'fake.ts', text: 'store.collection(`${prefix}_archive`);' }])).toThrow(/cannot read/);
    expect(() => scanCollections([{ file: 'fake.ts', text: 'store.collection(`customers/${uid}/${which}`);' }])).toThrow(/not resolved/);
  });

  it('rejects rules that open a path, whatever the condition', () => {
    const opened = read('firestore.rules').replace(
      'match /{document=**} {',
      'match /customers/{uid} {\n      allow read: if request.auth.uid == uid;\n    }\n    match /{document=**} {',
    );
    expect(firestoreCheck(opened)).toEqual([expect.stringMatching(/customers\/\{uid\}: "allow read" opens it \(if request\.auth\.uid == uid\)/)]);
    expect(firestoreCheck(read('firestore.rules').replace('if false', 'if true'))).not.toEqual([]);
    expect(firestoreCheck(read('firestore.rules').replace('allow read, write: if false;', 'allow read, write;'))).not.toEqual([]);
  });

  it('rejects rules without the recursive catch-all', () => {
    const narrowed = read('firestore.rules').replace('match /{document=**} {', 'match /customers/{uid} {');
    const problems = firestoreCheck(narrowed);
    expect(problems).toContain('no "match /databases/{database}/documents/{document=**}" with "allow read, write: if false"');
    expect(problems).toContain('class_reservations/sample-doc: no match denies it');
    expect(problems).not.toContain('customers/sample-doc: no match denies it');
  });

  it('ignores what comments say', () => {
    expect(firestoreCheck(`${read('firestore.rules')}\n// allow read: if true;\n/* allow write; */`)).toEqual([]);
  });
});

describe('storage.rules denies clients every object', () => {
  it('keeps the catch-all deny and opens nothing', () => {
    expect(storageCheck(read('storage.rules'))).toEqual([]);
  });

  it('rejects an opened path and a missing catch-all', () => {
    const opened = read('storage.rules').replace(
      'match /{allPaths=**} {',
      'match /files/{name} {\n      allow read: if request.auth != null;\n    }\n    match /{allPaths=**} {',
    );
    expect(storageCheck(opened)).toEqual([expect.stringMatching(/files\/\{name\}: "allow read" opens it/)]);
    expect(storageCheck(read('storage.rules').replace('{allPaths=**}', 'files/{name}'))).toContain(
      'no "match /b/{bucket}/o/{allPaths=**}" with "allow read, write: if false"',
    );
  });
});
