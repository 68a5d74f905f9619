import { lazyFormSchema } from '../forms/lazy-form-schema';

// The contact form's rules, and zod with them, load on the form's first use (a field's focus, at the latest the first
// check), not with the pages that end with the form: the buy sections of /licenses/buy and the feature pages.
export const contactForm = lazyFormSchema(
  () => import('../domain/contact-request').then((rules) => rules.contactFormSchema),
  ['name', 'phone', 'email', 'message', 'consent'],
);
