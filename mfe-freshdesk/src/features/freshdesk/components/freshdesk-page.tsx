import {
  BuySections,
  ErrorPanel,
  LicenseRequired,
  LoadingState,
  PageHeader,
  UpgradePromo,
  useHttp,
  useLoad,
  useSession,
} from '@portal/shared';
import { hasValidLicense } from '@portal/shared/domain';
import { useTranslation } from 'react-i18next';
import { fetchEmailUsage, fetchFreshdeskApiKey, isLicenseRequired } from '../api';
import { ApiKeyCard } from './api-key-card';
import { EmailUsageCard } from './email-usage-card';
import { ManualLink } from './manual-link';

const PLUGIN = 'fresh_desk' as const;

/**
 * /features/freshdesk: needs a valid fresh_desk license, otherwise the License Required panel. With
 * one: back button, upgrade promo (main user without a paid plan), this month's emails (used / included), the API
 * key with a copy button, the manual and the shared buy sections.
 */
export function FreshdeskPage() {
  const { t } = useTranslation('freshdesk');
  const session = useSession();
  const licensesFailed = session.failedParts.includes('licenses');
  const licensesLoading = !licensesFailed && !session.initialized && session.licenses.length === 0;
  const licensed = hasValidLicense(session.licenses, PLUGIN);
  const http = useHttp();
  const { state: keyState, retry } = useLoad((signal) => fetchFreshdeskApiKey(http, signal), [http], licensed);
  const { state: usageState, retry: retryUsage } = useLoad((signal) => fetchEmailUsage(http, signal), [http], licensed);
  const pluginLabel = t('page_title');

  let content;
  if (licensesFailed) {
    content = (
      <ErrorPanel
        title={t('licenses_error_title')}
        message={t('licenses_error_message')}
        onRetry={() => void session.refresh('licenses')}
      />
    );
  } else if (licensesLoading) {
    content = <LoadingState label={t('licenses_loading')} />;
  } else if (!licensed || (keyState.status === 'error' && isLicenseRequired(keyState.error))) {
    content = <LicenseRequired pluginName={PLUGIN} pluginLabel={pluginLabel} />;
  } else {
    content = (
      <>
        <UpgradePromo pluginName={PLUGIN} pluginLabel={pluginLabel} />
        <EmailUsageCard state={usageState} onRetry={retryUsage} />
        <ApiKeyCard state={keyState} onRetry={retry} />
        <ManualLink />
        <BuySections page={PLUGIN} />
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('page_title')} subtitle={t('page_description')} backTo="/dashboard" />
      {content}
    </>
  );
}
