import { BuyHeader, BuySections, buyPluginOf } from '@portal/shared';
import { useSearchParams } from 'react-router-dom';

/**
 * /licenses/buy?plugin=fresh_desk|magic_matrix|gpsr|mobile: the shared buy sections of that plugin; any other
 * value (or none) gives the default page, which lists the plugins.
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
