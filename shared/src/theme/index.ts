export * from './portal-theme';
export * from './theme-provider';
