import { profileContactInputSchema } from '@portal/shared/domain';
import { isRequired } from '@portal/shared/forms';
import { contactFormSchema } from './contact-form-schema';
import { PROFILE_FIELD_LABELS } from './profile-fields';

// The required marks shown before the lazily loaded schema arrives are the ones the schema itself implies.
describe('the personal data form schema', () => {
  it('loads the shared schema', async () => {
    await expect(contactFormSchema.load()).resolves.toBe(profileContactInputSchema);
  });

  it.each(Object.keys(PROFILE_FIELD_LABELS).filter((field) => field !== 'email'))(
    'marks %s required exactly when the schema requires it',
    (field) => {
      expect(contactFormSchema.required.includes(field as never)).toBe(isRequired(profileContactInputSchema, field));
    },
  );
});
