// The barrel's heavy components (MUI Dialog/Modal/transitions, the contact form with Checkbox and its schema) load on
// first use, so the sign-in pages, which share this barrel, do not download them. Same names and props as before.
import { createElement } from 'react';
import { deferredComponent } from './deferred-component';
import { LoadingState } from './loading-state';
import type { ConfirmDialogProps } from './confirm-dialog';
import type { ContactFormProps } from './contact-form';

export type { ConfirmDialogProps } from './confirm-dialog';
export type { ContactFormProps } from './contact-form';

export const ConfirmDialog = deferredComponent<ConfirmDialogProps>(
  () => import('./confirm-dialog').then((module) => module.ConfirmDialog),
  { visible: (props) => props.open },
);

export const ContactForm = deferredComponent<ContactFormProps>(
  () => import('./contact-form').then((module) => module.ContactForm),
  { fallback: createElement(LoadingState) },
);
