// The personal data form's rules as a module of their own: contact-form-schema.ts loads it on the form's first use.
export { profileContactInputSchema } from '@portal/shared/domain';
