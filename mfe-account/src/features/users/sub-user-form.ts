import { fieldErrors, subUserInputSchema } from '@portal/shared';
import type { NewSubUser } from './api';

export type SubUserErrors = Partial<Record<keyof NewSubUser, string>>;

/** Spec §5: name and email non-empty (name_error / email_error), via the shared schema. */
export function validateNewSubUser(values: NewSubUser): SubUserErrors {
  return fieldErrors(subUserInputSchema, values) as SubUserErrors;
}
