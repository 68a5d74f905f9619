// `npm run dev`: this remote alone on its port, with fake services and demo data (no api, no sign-in).
import { StandalonePortal } from '@portal/shared/standalone';
import { createRoot } from 'react-dom/client';
import remote from '../remote';

createRoot(document.getElementById('root')!).render(<StandalonePortal remote={remote} />);
