export * from './create-theme';
export * from './theme-provider';
