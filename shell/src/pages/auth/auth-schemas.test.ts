import { isRequired } from '@portal/shared/forms';
import { loginSchema, passwordResetSchema, registrationSchema } from '@portal/shared/domain';
import { loginForm, passwordResetForm, registrationForm } from './auth-schemas';

// The required marks shown before a lazily loaded schema arrives are the ones the schema itself implies.
describe.each([
  ['sign-in', loginForm, loginSchema, ['email', 'password']],
  ['registration', registrationForm, registrationSchema, ['email', 'password', 'repeatPassword', 'terms']],
  ['password reset', passwordResetForm, passwordResetSchema, ['email']],
] as const)('the %s form', (_name, lazy, schema, fields) => {
  it('loads the shared schema', async () => {
    await expect(lazy.load()).resolves.toBe(schema);
  });

  it.each(fields)('marks %s required exactly when the schema requires it', (field) => {
    expect(lazy.required.includes(field)).toBe(isRequired(schema, field));
  });
});
