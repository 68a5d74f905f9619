export * from './create-i18n';
export { apiErrorKey } from './api-error-key';
export { flattenKeys, keyDifferences } from './same-keys';
