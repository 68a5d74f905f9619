export * from './use-portal-form';
export * from './lazy-form-schema';
export * from './api-field-errors';
