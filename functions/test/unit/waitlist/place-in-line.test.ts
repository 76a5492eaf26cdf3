import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listLine, placeInLine } from '../../../src/data/repos/waitlists-repo';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
beforeEach(() => {
  env = testEnv();
});
afterEach(async () => {
  await env.cleanup();
});

const at = (second: number) => new Date(Date.UTC(2026, 11, 1, 12, 0, second));

describe('placeInLine: a place in a class’s line, counted instead of read', () => {
  it('agrees with the line’s order, ties in the same millisecond broken by waitlist id, and is null for someone not in line', async () => {
    // Joined: c1 at :00, c2 and c3 in the same millisecond at :05 (ids 9 and 4), c4 at :10.
    const entries = [
      { customer_id: 1, waitlist_id: 7, joinedAt: at(0) },
      { customer_id: 2, waitlist_id: 9, joinedAt: at(5) },
      { customer_id: 3, waitlist_id: 4, joinedAt: at(5) },
      { customer_id: 4, waitlist_id: 2, joinedAt: at(10) },
    ];
    for (const entry of entries) await env.store.doc(`single_classes/5/waiting/${entry.customer_id}`).set(entry);
    const line = (await listLine(env.store, 5)).map((w) => w.waitlist_id);
    expect(line).toEqual([7, 4, 9, 2]);
    for (const entry of entries) expect(await placeInLine(env.store, 5, entry)).toBe(line.indexOf(entry.waitlist_id) + 1);
    expect(await placeInLine(env.store, 5, { waitlist_id: 99, joinedAt: at(5) })).toBeNull();
    expect(await placeInLine(env.store, 6, entries[0]!)).toBeNull();
  });
});
