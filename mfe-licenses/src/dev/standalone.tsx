// `npm run dev`: this remote alone on its port, with fake services and demo data (no api, no sign-in).
import type { PluginName } from '@portal/shared/domain';
import { demoCatalogue, StandalonePortal, type FakeRequest } from '@portal/shared/standalone';
import { createRoot } from 'react-dom/client';
import remote from '../remote';
import { pagedLicenses, standaloneLicenses } from './standalone-licenses';

const options = {
  routes: {
    'GET /license/all': pagedLicenses,
    'GET /license/product/plugin/:plugin': (request: FakeRequest) => demoCatalogue(request.params.plugin as PluginName),
    'GET /license/product/all': () => (['fresh_desk', 'mobile'] as const).flatMap((plugin) => demoCatalogue(plugin)),
  },
  session: { licenses: standaloneLicenses() },
};

createRoot(document.getElementById('root')!).render(<StandalonePortal remote={remote} options={options} />);
