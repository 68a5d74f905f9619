import { contactFormSchema } from '../domain/contact-request';
import { isRequired } from '../forms';
import { contactForm } from './contact-form-schema';

// The required marks shown before the lazily loaded schema arrives are the ones the schema itself implies.
describe('the contact form schema', () => {
  it('loads the shared schema', async () => {
    await expect(contactForm.load()).resolves.toBe(contactFormSchema);
  });

  it.each(['name', 'phone', 'email', 'message', 'consent'])(
    'marks %s required exactly when the schema requires it',
    (field) => {
      expect(contactForm.required.includes(field)).toBe(isRequired(contactFormSchema, field));
    },
  );
});
