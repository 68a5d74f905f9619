export * from './domain';
export * from './services';
export * from './remote/types';
export * from './remote/define-portal-remote';
export * from './remote/router-future';
export * from './i18n';
export * from './theme';
export * from './ui';
