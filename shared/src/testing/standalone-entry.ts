// '@portal/shared/standalone': for a remote's src/dev/standalone.tsx (browser-safe, no testing-library).
export * from './standalone';
export * from './fake-http';
export * from './fakes';
export * from './demo-data';
export * from './demo-catalogue';
