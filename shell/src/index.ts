import { startEntry } from './start-entry';

// Async boundary so the federation runtime can negotiate shared singletons before any of them is used.
startEntry(() => import('./bootstrap'));
