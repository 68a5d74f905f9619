export * from './page-header';
export * from './error-panel';
export * from './empty-state';
export * from './loading-state';
export * from './pagination';
export * from './confirm-dialog';
export * from './contact-form';
export * from './password-field';
