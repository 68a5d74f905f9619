// Async boundary for a remote's standalone dev page: shared singletons resolve before the app module runs.
// 'portal-standalone-app' is aliased by the preset to the remote's ./src/dev/standalone.tsx.
import('portal-standalone-app');
