import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../page-header';
import type { BuyPage } from '../buy-plugins';

export interface BuyHeaderProps {
  page: BuyPage;
  /** Default '/dashboard'. */
  backTo?: string;
}

/** The buy page's h1: 'Buy license: {plugin}' (or 'Buy license') with the plugin's one-line pitch. */
export function BuyHeader({ page, backTo = '/dashboard' }: BuyHeaderProps) {
  const { t } = useTranslation('buy');
  const title = page === 'default' ? t('header_title') : t('header_title_with_plugin', { plugin: t(`plugin_${page}`) });
  return <PageHeader title={title} subtitle={t(`header_subtitle_${page}`)} backTo={backTo} />;
}
