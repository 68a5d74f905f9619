// `npm run dev`: this remote alone on its port, with fake services and demo data (no api, no sign-in).
// The demo seller holds a paid fresh_desk license (shared demo data), so the page shows the API key.
import { StandalonePortal } from '@portal/shared/standalone';
import { createRoot } from 'react-dom/client';
import remote from '../remote';

createRoot(document.getElementById('root')!).render(
  <StandalonePortal
    remote={remote}
    options={{
      routes: {
        'GET /user/freshdesk-api-key': { api_key: 'fdk_demo_9fQ2xL7pR4tW1mZ8' },
        'GET /license/usage': {
          licenseId: 'lic-demo',
          month: new Date().toISOString().slice(0, 7),
          used: 1234,
          included: 2000,
        },
      },
    }}
  />,
);
