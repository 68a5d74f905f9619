import { lazyFormSchema } from '@portal/shared/forms';

// The shared domain's auth rules, and zod with them, load on a form's first use (the intent prefetch: typing into a
// field; at the latest the first check), not with the page: /login renders its form without them.
const authRules = () =>
  import(
    /* webpackChunkName: "auth-rules" */
    /* webpackExports: ["loginSchema", "registrationSchema", "passwordResetSchema"] */
    '@portal/shared/domain'
  );

export const loginForm = lazyFormSchema(() => authRules().then((rules) => rules.loginSchema), ['email', 'password']);

export const registrationForm = lazyFormSchema(
  () => authRules().then((rules) => rules.registrationSchema),
  ['email', 'password', 'terms'],
);

export const passwordResetForm = lazyFormSchema(
  () => authRules().then((rules) => rules.passwordResetSchema),
  ['email'],
);
