import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  LicenseRequired,
  ConfirmDialog,
  EmptyState,
  ErrorPanel,
  LoadingState,
  PageHeader,
  Pagination,
  useBusyTask,
  useHttp,
  useLoading,
  useNotify,
  useNotifyFailure,
} from '@portal/shared';
import { clampPage, formatDateUtc, GPSR_PAGE_SIZE, pageSlice, type GpsrProductListItem } from '@portal/shared/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { downloadDocumentation, DocumentationDownloadError } from '../../../common/download-documentation';

import { useGpsrLicense } from '../../../common/use-gpsr-license';
import { deleteGpsrProduct } from '../api';
import { useGpsrProducts, useLoadingFlag } from '../hooks/use-gpsr-products';
import { ProductsCards } from './products-cards';
import { ProductsTable } from './products-table';
import { RetainedVersions } from './retained-versions';

/** /features/gpsr: the seller's GPSR products, 8 per page, with progress, documentation download and delete. */
export function ProductsPage() {
  const { t, i18n } = useTranslation('gpsr');
  const licensed = useGpsrLicense();
  const http = useHttp();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const loading = useLoading();
  const { state, reload } = useGpsrProducts(licensed);
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<GpsrProductListItem | null>(null);
  const { busy, run } = useBusyTask();
  const products = state.status === 'ready' ? state.data : [];
  const flag = useLoadingFlag(page, products);
  const narrow = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const List = narrow ? ProductsCards : ProductsTable;

  useEffect(() => {
    if (state.status === 'error') notifyFailure(state.error, { title: t('notify_list_error') });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);

  const lastPage = clampPage(page, GPSR_PAGE_SIZE, products.length);
  useEffect(() => {
    if (page !== lastPage) setPage(lastPage);
  }, [page, lastPage]);

  if (!licensed) {
    return (
      <>
        <PageHeader title={t('products_title')} subtitle={t('products_description')} backTo="/dashboard" />
        <LicenseRequired pluginName="gpsr" pluginLabel="GPSR" />
      </>
    );
  }

  async function download(product: { id: string; name: string }, version?: number) {
    try {
      await loading.track(downloadDocumentation(http, product, { language: i18n.language, version }));
    } catch (error) {
      const message =
        error instanceof DocumentationDownloadError
          ? t(error.reason === 'empty' ? 'notify_download_empty' : 'notify_download_not_zip')
          : undefined;
      notifyFailure(error, { title: t('notify_download_error'), message });
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    await run({ title: t('notify_delete_error') }, async () => {
      const result = await loading.track(deleteGpsrProduct(http, toDelete.id));
      const kept = result.retainedVersions;
      const removed = t('notify_product_removed', { name: toDelete.name });
      notify.success({
        title: t('notify_success'),
        message: kept.length
          ? `${removed}. ${t('notify_product_removed_retained', {
              count: kept.length,
              until: formatDateUtc(
                kept
                  .map((v) => v.retentionUntil)
                  .sort()
                  .at(-1),
              ),
            })}`
          : removed,
      });
      setToDelete(null);
      reload();
    });
  }

  return (
    <>
      <PageHeader
        title={t('products_title')}
        subtitle={t('products_description')}
        backTo="/dashboard"
        actions={
          <Button
            component={RouterLink}
            to="/features/gpsr/product/add"
            variant="contained"
            startIcon={<AddIcon />}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('list_add_product')}
          </Button>
        }
      />
      {state.status === 'loading' && <LoadingState label={t('list_loading')} />}
      {state.status === 'error' && <ErrorPanel title={t('notify_list_error')} error={state.error} onRetry={reload} />}
      {state.status === 'ready' && products.length === 0 && (
        <EmptyState title={t('list_empty_title')} message={t('list_empty_message')} />
      )}
      {state.status === 'ready' && products.length > 0 && (
        <>
          {flag ? (
            <LinearProgress aria-label={t('list_loading')} sx={{ mb: 1 }} />
          ) : (
            <div style={{ height: 4, marginBottom: 8 }} aria-hidden />
          )}
          <List
            products={pageSlice(products, page, GPSR_PAGE_SIZE)}
            onDownload={(p) => void download(p)}
            onDelete={setToDelete}
          />
          <Pagination page={page} pageSize={GPSR_PAGE_SIZE} total={products.length} onChange={setPage} />
        </>
      )}
      {state.status === 'ready' && (
        <RetainedVersions
          reloadKey={products}
          onDownload={(v) => void download({ id: v.productId, name: v.productName }, v.number)}
        />
      )}
      <ConfirmDialog
        open={!!toDelete}
        title={t('delete_product_title')}
        message={toDelete ? t('delete_product_message', { name: toDelete.name }) : undefined}
        confirmLabel={t('delete_confirm')}
        destructive
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
