export { default } from './routes';
export { currentAcceptance, currentVersion, acceptVersion, toVersion } from './service';
