import { lazyFormSchema } from '@portal/shared/forms';

// The personal data form's rules, and zod and jsvat (the VAT ID check) with them, load on the form's first use (a
// field's focus, at the latest the first check), not with /profile, so the route keeps within its 350 KB JavaScript
// budget.
export const contactFormSchema = lazyFormSchema(
  () => import('./contact-rules').then((rules) => rules.profileContactInputSchema),
  ['firstName', 'lastName', 'country', 'city', 'street', 'houseNumber', 'postalCode'],
);
