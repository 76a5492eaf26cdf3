import { describe, expect, it } from 'vitest';
import { submissionKey } from './submission-key';

describe('submissionKey', () => {
  const counter = () => {
    let n = 0;
    return () => `key-${++n}`;
  };

  it('reuses the key while the same body is sent again without an answer', () => {
    const keys = submissionKey(counter());
    expect(keys.keyFor({ a: 1 })).toBe('key-1');
    expect(keys.keyFor({ a: 1 })).toBe('key-1');
  });

  it('gives another body, or any submission after an answer, a new key', () => {
    const keys = submissionKey(counter());
    expect(keys.keyFor({ a: 1 })).toBe('key-1');
    expect(keys.keyFor({ a: 2 })).toBe('key-2');
    keys.settle();
    expect(keys.keyFor({ a: 2 })).toBe('key-3');
  });

  it('makes keys the server accepts by default', () => {
    expect(submissionKey().keyFor({})).toMatch(/^[A-Za-z0-9_-]{8,255}$/);
  });
});
