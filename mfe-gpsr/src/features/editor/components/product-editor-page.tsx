import { ErrorPanel, LicenseRequired, LoadingState, PageHeader, useHttp, useLoad, useLoading } from '@portal/shared';
import type { GpsrProduct } from '@portal/shared/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';

import { useGpsrLicense } from '../../../common/use-gpsr-license';
import { fetchGpsrProduct } from '../api';
import { ProductEditor } from './product-editor';

/** /features/gpsr/product/add and /features/gpsr/product/edit/:productId */
export function ProductEditorPage({ mode }: { mode: 'add' | 'edit' }) {
  const { t } = useTranslation('gpsr');
  const licensed = useGpsrLicense();
  const { productId } = useParams();
  const http = useHttp();
  const loading = useLoading();
  const { state, retry, update } = useLoad(
    () => loading.track(fetchGpsrProduct(http, productId ?? '')),
    [http, loading, productId],
    mode === 'edit' && !!productId && licensed,
  );

  const onSaved = useCallback((product: GpsrProduct) => update(() => product), [update]);

  const title = mode === 'add' ? t('editor_add_title') : t('editor_edit_title');
  return (
    <>
      <PageHeader title={title} subtitle={t('editor_description')} backTo="/features/gpsr" />
      {!licensed ? (
        <LicenseRequired pluginName="gpsr" pluginLabel="GPSR" />
      ) : mode === 'add' ? (
        <ProductEditor product={null} onSaved={onSaved} />
      ) : (
        <>
          {state.status === 'loading' && <LoadingState label={t('editor_loading')} />}
          {state.status === 'error' && (
            <ErrorPanel title={t('editor_load_error')} error={state.error} onRetry={retry} />
          )}
          {state.status === 'ready' && <ProductEditor key={state.data.id} product={state.data} onSaved={onSaved} />}
        </>
      )}
    </>
  );
}
