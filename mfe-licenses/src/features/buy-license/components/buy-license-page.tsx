import { BuyHeader, BuySections, buyPluginOf } from '@portal/shared';
import { useSearchParams } from 'react-router-dom';

/**
 * /licenses/buy?plugin=fresh_desk|mobile|gpsr|lieferbar|magic_matrix: the shared buy sections of that plugin (its
 * plans, when the api offers it to the seller); any other value (or none) gives the default page, which lists the
 * plugins the seller may buy.
 */
export function BuyLicensePage() {
  const [params] = useSearchParams();
  const page = buyPluginOf(params.get('plugin')) ?? 'default';
  return (
    <>
      <BuyHeader page={page} />
      <BuySections key={page} page={page} />
    </>
  );
}
