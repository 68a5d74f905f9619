// `npm run dev`: this remote alone on its port, with fake services and demo data (no api, no sign-in).
import { StandalonePortal } from '@portal/shared/standalone';
import { createRoot } from 'react-dom/client';
import remote from '../remote';

/** Demo counts that change a little on every refresh, so the 40 s refresh is visible. */
const demoOrders = () => {
  const jitter = () => Math.floor(Math.random() * 3);
  const orders = [
    { shippingType: 'DHL Paket', pendingCount: 12 + jitter() },
    { shippingType: 'DPD Classic', pendingCount: 4 + jitter() },
    { shippingType: 'Abholung', pendingCount: 0 },
    { shippingType: null, pendingCount: 1 },
  ];
  return {
    status: 'ok',
    data: { totalCount: orders.reduce((s, o) => s + o.pendingCount, 0), orders, readAt: new Date().toISOString() },
  };
};

createRoot(document.getElementById('root')!).render(
  <StandalonePortal remote={remote} options={{ routes: { 'GET /wawi/lieferbar/orders': demoOrders } }} />,
);
