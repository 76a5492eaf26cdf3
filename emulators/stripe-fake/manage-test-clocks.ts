/**
 * Stripe's test clocks (/v1/test_helpers/test_clocks). At Stripe each clock
 * has its own time for the customers made under it; the fake serves one
 * studio and has one time (its clock option, ../fake-clock.ts), so advancing
 * any test clock moves the fake's clock forward to that instant (never back)
 * and bills what fell due (billDue) for every customer, before the call
 * answers. The answer says 'advancing', as Stripe's does; the clock reads
 * 'ready' from then on. Deleting a clock leaves its customers in place.
 */
import { billDue } from './bill-due';
import { emit, type FakeContext } from './fake-context';
import { newId, nowSeconds } from './make-ids';
import { asString, type FormObject } from './parse-form';
import { invalidRequest, requireInteger, resourceMissing } from './stripe-errors';
import { apiList, type FakeTestClock } from './stripe-shapes';

/** Stripe deletes a test clock 30 days after it was made. */
const LIFETIME = 30 * 86_400;

export function getTestClock(context: FakeContext, id: string): FakeTestClock {
  const clock = context.store.testClocks.get(id);
  if (!clock) throw resourceMissing(id);
  return clock;
}

export const listTestClocks = (context: FakeContext, url: string) => apiList([...context.store.testClocks.values()].reverse(), url);

export function createTestClock(context: FakeContext, params: FormObject): FakeTestClock {
  const frozenTime = requireInteger(params.frozen_time, 'frozen_time');
  const created = nowSeconds(context);
  const clock: FakeTestClock = {
    id: newId('clock'),
    object: 'test_helpers.test_clock',
    created,
    deletes_after: created + LIFETIME,
    frozen_time: frozenTime,
    livemode: false,
    name: asString(params.name) || null,
    status: 'ready',
    status_details: {},
  };
  context.store.testClocks.set(clock.id, clock);
  emit(context, 'test_helpers.test_clock.created', clock);
  return clock;
}

export function advanceTestClock(context: FakeContext, id: string, params: FormObject): FakeTestClock {
  const clock = getTestClock(context, id);
  const target = requireInteger(params.frozen_time, 'frozen_time');
  if (target <= clock.frozen_time) throw invalidRequest("The frozen_time must be after the test clock's current frozen_time.", 'frozen_time');
  const time = context.time.clock;
  const moves = target * 1000 > time.now();
  if (moves && !time.set) {
    throw invalidRequest("This fake's clock is driven from outside (its clock option has no set): a test clock cannot move it.", 'frozen_time');
  }
  const advancing: FakeTestClock = { ...clock, frozen_time: target, status: 'advancing', status_details: { advancing: { target_frozen_time: target } } };
  emit(context, 'test_helpers.test_clock.advancing', advancing);
  if (moves) time.set?.(target * 1000);
  billDue(context);
  clock.frozen_time = target;
  emit(context, 'test_helpers.test_clock.ready', clock);
  return advancing;
}

export function deleteTestClock(context: FakeContext, id: string): { id: string; object: 'test_helpers.test_clock'; deleted: true } {
  const clock = getTestClock(context, id);
  context.store.testClocks.delete(id);
  emit(context, 'test_helpers.test_clock.deleted', clock);
  return { id, object: 'test_helpers.test_clock', deleted: true };
}
