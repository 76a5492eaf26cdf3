import { describe, expect, it } from 'vitest';
import { at } from '../../../src/domain/at';

describe('at', () => {
  it('answers the item at the index, including falsy ones', () => {
    expect(at([7, 0, 9], 1)).toBe(0);
    expect(at(new Uint8Array([0xff, 0xd8]), 1)).toBe(0xd8);
    expect(at(['a'], 0)).toBe('a');
  });

  it('fails loudly when the item the caller counted on is missing, instead of passing undefined on', () => {
    expect(() => at([1, 2], 2)).toThrow('Expected an item at 2 of 2');
    expect(() => at([], 0)).toThrow();
  });
});
