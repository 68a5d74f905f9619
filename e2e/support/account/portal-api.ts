// Direct calls to the real api (through the portal server's /api proxy) for setup the UI cannot do yet.
import { BASE_URL } from '../env';
import { idTokenFor } from './emulator';

/**
 * Activates a free or trial product for a main user (POST /api/license/product/free_or_trial). Used because the
 * buy page (mfe-licenses /licenses/buy) has no license cards yet; drop this once a free card can be clicked.
 */
export async function activateFreeProduct(email: string, password: string, productId: string): Promise<void> {
  const token = await idTokenFor(email, password);
  const response = await fetch(
    `${BASE_URL}/api/license/product/free_or_trial?licenseProductID=${encodeURIComponent(productId)}`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    },
  );
  if (response.status !== 201) {
    throw new Error(`activating ${productId} for ${email}: HTTP ${response.status} ${await response.text()}`);
  }
}
