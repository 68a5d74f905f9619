export { default } from './routes';
export { seedDemoDataSource } from './demo-data-source';
