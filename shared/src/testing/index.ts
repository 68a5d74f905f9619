/// <reference types="@testing-library/jest-dom" />
export * from './fake-http';
export * from './fakes';
export * from './demo-data';
export * from './render-with-portal';
export * from './standalone';
export { expectSameKeys, keyDifferences, flattenKeys } from '../i18n/same-keys';
export { commonResources } from '../i18n/common-translations';
export * from './skeleton-remote';
export * from './demo-catalogue';
export * from './license-fixture';
