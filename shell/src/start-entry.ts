import { fetchPortalConfig, type PortalConfig } from './config/portal-config';
import { forbidZodEval } from './zod-without-eval';

type Boot = (container: HTMLElement, portalConfig: Promise<PortalConfig>) => unknown;

/**
 * What an entry does (the federated host's index.ts and the sign-in bundle's sign-in/index.ts): rules zod's eval out,
 * starts fetching the runtime config and then loads the chunk that boots the page (`loadBoot`, an `import()`).
 */
export function startEntry(loadBoot: () => Promise<{ boot: Boot }>) {
  // Before any zod schema exists, in the shell or a remote.
  forbidZodEval();

  // The runtime config loads while the boot chunk (and, in the host, the shared modules) download, not after them (one
  // round trip less before the first render); boot() reports a failure.
  const portalConfig = fetchPortalConfig();
  portalConfig.catch(() => undefined);

  void loadBoot().then(({ boot }) => boot(document.getElementById('root')!, portalConfig));
}
