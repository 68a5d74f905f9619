export * from './contract';
export * from './api-error';
export * from './http-client';
export * from './loading-store';
export * from './notification-store';
export * from './context';
export * from './session-state';
export * from './payment-window';
