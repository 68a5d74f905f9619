import {
  apiErrorKey,
  ErrorPanel,
  LicenseRequired,
  LoadingState,
  PageHeader,
  useHttp,
  useLoading,
} from '@portal/shared';
import type { GpsrProduct } from '@portal/shared/domain';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';

import { useGpsrLicense } from '../../../common/use-gpsr-license';
import { fetchGpsrProduct } from '../api';
import { ProductEditor } from './product-editor';

type LoadState =
  { status: 'loading' } | { status: 'error'; errorKey: string } | { status: 'ready'; product: GpsrProduct };

/** /features/gpsr/product/add and /features/gpsr/product/edit/:productId */
export function ProductEditorPage({ mode }: { mode: 'add' | 'edit' }) {
  const { t } = useTranslation('gpsr');
  const licensed = useGpsrLicense();
  const { productId } = useParams();
  const http = useHttp();
  const loading = useLoading();
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (mode !== 'edit' || !productId || !licensed) return;
    let cancelled = false;
    setState({ status: 'loading' });
    loading.begin();
    fetchGpsrProduct(http, productId)
      .then(
        (product) => !cancelled && setState({ status: 'ready', product }),
        (error: unknown) =>
          !cancelled && setState({ status: 'error', errorKey: apiErrorKey(error as { slug?: string }) }),
      )
      .finally(() => loading.end());
    return () => {
      cancelled = true;
    };
  }, [http, loading, mode, productId, licensed, attempt]);

  const onSaved = useCallback(
    (product: GpsrProduct) => {
      if (mode === 'edit') setState({ status: 'ready', product });
    },
    [mode],
  );
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const title = mode === 'add' ? t('editor_add_title') : t('editor_edit_title');
  const header = <PageHeader title={title} subtitle={t('editor_description')} backTo="/features/gpsr" />;
  if (!licensed) {
    return (
      <>
        {header}
        <LicenseRequired pluginName="gpsr" pluginLabel="GPSR" />
      </>
    );
  }
  if (mode === 'add') {
    return (
      <>
        {header}
        <ProductEditor product={null} onSaved={onSaved} />
      </>
    );
  }
  return (
    <>
      {header}
      {state.status === 'loading' && <LoadingState label={t('editor_loading')} />}
      {state.status === 'error' && (
        <ErrorPanel title={t('editor_load_error')} message={t(state.errorKey, { ns: 'common' })} onRetry={retry} />
      )}
      {state.status === 'ready' && <ProductEditor key={state.product.id} product={state.product} onSaved={onSaved} />}
    </>
  );
}
