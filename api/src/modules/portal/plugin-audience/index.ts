// Who a plugin's card is meant for (the registry's audience): who sees the card and may buy the plugin. The catalogue,
// the purchase and the registry ask here; using a plugin one holds a valid license of is decided elsewhere.
export { pluginAudience, pluginNotAvailable, type PluginAudience, type PluginAudienceDeps } from './audience';
export { accountViewers, ANONYMOUS, canSee, viewerResolver, type RegistryViewer, type ViewerDeps } from './viewer';
