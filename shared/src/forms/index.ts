export * from './use-portal-form';
export * from './api-field-errors';
