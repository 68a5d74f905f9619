export * from './create-i18n';
export { flattenKeys, keyDifferences } from './same-keys';
