import { EXTRA_COUNTER } from '../../../domain/constants';

/** Counters step by 1 from 0; "plus" is blocked at 45 or above. */
export function canIncrease(value: number): boolean {
  return value + EXTRA_COUNTER.step <= EXTRA_COUNTER.max && value < EXTRA_COUNTER.plusBlockedFrom;
}

export function canDecrease(value: number): boolean {
  return value - EXTRA_COUNTER.step >= EXTRA_COUNTER.min;
}
