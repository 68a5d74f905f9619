import { BuySections, ErrorPanel, LoadingState, PageHeader, UpgradePromo, useSession } from '@portal/shared';
import { useTranslation } from 'react-i18next';

const PLUGIN = 'mobile' as const;

/**
 * /features/mobile-app: back button, the upgrade promo for a main user without a paid mobile
 * license, then the buy sections of the mobile plugin.
 */
export function MobileAppPage() {
  const { t } = useTranslation('mobile');
  const session = useSession();
  const licensesFailed = session.failedParts.includes('licenses');
  const licensesLoading = !licensesFailed && !session.initialized && session.licenses.length === 0;

  return (
    <>
      <PageHeader title={t('page_title')} subtitle={t('page_description')} backTo="/dashboard" />
      {licensesFailed && (
        <ErrorPanel
          title={t('licenses_error_title')}
          message={t('licenses_error_message')}
          onRetry={() => void session.refresh('licenses')}
        />
      )}
      {licensesLoading && <LoadingState label={t('licenses_loading')} />}
      {!licensesFailed && !licensesLoading && <UpgradePromo pluginName={PLUGIN} pluginLabel={t('page_title')} />}
      {/* How it works (four steps with the store toggle), plans, why-choose, work example, store links with QR codes, contact. */}
      <BuySections page={PLUGIN} />
    </>
  );
}
