import { useBusyTask, useHttp, base64ToBlob, saveBlob } from '@portal/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadInvoicePdf } from '../api';

/** Downloads an invoice's stored PDF; `downloadingId` drives the row's loading state. */
export function useInvoiceDownload() {
  const http = useHttp();
  const { run } = useBusyTask();
  const { t } = useTranslation('billing');
  const [downloadingId, setDownloadingId] = useState<string | null>(null);

  const download = useCallback(
    async (invoiceId: string) => {
      setDownloadingId(invoiceId);
      await run({ title: t('invoices_download_error') }, async () => {
        const file = await downloadInvoicePdf(http, invoiceId);
        saveBlob(base64ToBlob(file.data, file.content_type), file.file_name);
      });
      setDownloadingId(null);
    },
    [http, run, t],
  );

  return { download, downloadingId };
}
