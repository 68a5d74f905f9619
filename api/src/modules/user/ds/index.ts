export { default } from './routes';
// For the demo seeder: a data source unless the seller has one.
export { insertDataSourceIfNone } from './repository';
