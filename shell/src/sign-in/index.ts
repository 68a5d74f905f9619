// The sign-in pages' entry, built without module federation (shared/webpack/preset.js, signInConfig): what index.html
// loads for a visitor the session hint does not call signed in, on any address.
import { startEntry } from '../start-entry';

startEntry(() => import('./boot'));
