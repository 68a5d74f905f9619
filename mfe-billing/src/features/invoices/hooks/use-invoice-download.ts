import { apiErrorKey, useHttp, useNotify } from '@portal/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadInvoicePdf } from '../api';
import { base64ToBlob, saveBlob } from '@portal/shared';

/** Downloads an invoice's stored PDF; `downloadingId` drives the row's loading state. */
export function useInvoiceDownload() {
  const http = useHttp();
  const notify = useNotify();
  const { t } = useTranslation('billing');
  const [downloadingId, setDownloadingId] = useState<string | null>(null);

  const download = useCallback(
    async (invoiceId: string) => {
      setDownloadingId(invoiceId);
      try {
        const file = await downloadInvoicePdf(http, invoiceId);
        saveBlob(base64ToBlob(file.data, file.content_type), file.file_name);
      } catch (error) {
        notify.error({
          title: t('invoices_download_error'),
          message: t(apiErrorKey(error as { slug?: string; status?: number }), { ns: 'common' }),
        });
      } finally {
        setDownloadingId(null);
      }
    },
    [http, notify, t],
  );

  return { download, downloadingId };
}
