/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { fieldLabels } from '../src/messages/fields';

// Every input schema of the API: each field it accepts needs a Spanish label,
// or a one-field validation error would read "Revisa el campo: price".
const schemaModules = import.meta.glob<Record<string, unknown>>('../src/schemas/**/*.ts', { eager: true });

interface ObjectLike {
  fields: Record<string, unknown>;
}
const isObjectSchema = (value: unknown): value is ObjectLike =>
  typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'object' && typeof (value as ObjectLike).fields === 'object';

function fieldNames(schema: ObjectLike, into: Set<string>): Set<string> {
  for (const [name, field] of Object.entries(schema.fields)) {
    into.add(name);
    if (isObjectSchema(field)) fieldNames(field, into);
    const inner = (field as { innerType?: unknown }).innerType;
    if (isObjectSchema(inner)) fieldNames(inner, into);
  }
  return into;
}

describe('field labels', () => {
  it('has a Spanish label for every field of every input schema', () => {
    const names = new Set<string>();
    for (const module of Object.values(schemaModules)) {
      for (const value of Object.values(module)) if (isObjectSchema(value)) fieldNames(value, names);
    }
    expect(names.size).toBeGreaterThan(50);
    const labels: Record<string, string> = fieldLabels;
    expect([...names].filter((name) => !(name in labels)).sort()).toEqual([]);
  });
});
