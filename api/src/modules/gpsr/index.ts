export { default } from './routes';
export { copyRetainedFiles, eraseGpsrRecords, retainedFileKey, type GpsrErasure } from './erasure';
