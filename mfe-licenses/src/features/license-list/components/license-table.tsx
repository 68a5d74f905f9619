import { Button, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { ConfirmDialog, formatDate } from '@portal/shared';
import type { License } from '@portal/shared/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LicenseStatusCell } from './license-status-cell';
import { RegistrationsDialog } from './registrations-dialog';
import { SubscriptionCell } from './subscription-cell';
import { useCancelSubscription } from '../hooks/use-cancel-subscription';

interface Props {
  licenses: readonly License[];
  now: Date;
  /** Main users may release registrations and cancel subscriptions; sub-users only see them. */
  canRelease?: boolean;
  /** After a registration was released or a subscription cancelled: reload the page. */
  onChanged?: () => void;
}

export function LicenseTable({ licenses, now, canRelease = false, onChanged }: Props) {
  const { t } = useTranslation('licenses');
  const [openId, setOpenId] = useState<string | null>(null);
  const open = licenses.find((l) => l.id === openId) ?? null;
  const [cancelling, setCancelling] = useState<License | null>(null);
  const { cancel, busy } = useCancelSubscription(() => onChanged?.());
  const cancellingEnd = cancelling?.subscription?.currentPeriodEnd;

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={t('list_table_label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('list_columns_product')}</TableCell>
            <TableCell>{t('list_columns_type')}</TableCell>
            <TableCell>{t('list_columns_status')}</TableCell>
            <TableCell>{t('list_columns_registrations')}</TableCell>
            <TableCell>{t('list_columns_subscription')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {licenses.map((license) => {
            const max = license.licenseTypeDetails?.maxRegistrationsCount;
            const used = license.licenseUser.length;
            const count = max != null ? `${used} / ${max}` : String(used);
            return (
              <TableRow key={license.id}>
                <TableCell>{license.productName}</TableCell>
                <TableCell>{t(`type_${license.licenseTypeDetails?.type ?? 'free'}`)}</TableCell>
                <TableCell>
                  <LicenseStatusCell license={license} now={now} />
                </TableCell>
                <TableCell>
                  <Button
                    size="small"
                    variant="text"
                    onClick={() => setOpenId(license.id)}
                    aria-label={t('registrations_open', { product: license.productName, count })}
                  >
                    {count}
                  </Button>
                </TableCell>
                <TableCell>
                  <SubscriptionCell license={license} canCancel={canRelease} onCancel={setCancelling} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {open && (
        <RegistrationsDialog
          license={open}
          canRelease={canRelease}
          onClose={() => setOpenId(null)}
          onReleased={() => {
            setOpenId(null);
            onChanged?.();
          }}
        />
      )}
      <ConfirmDialog
        open={cancelling != null}
        title={t('subscription_confirm_title', { product: cancelling?.productName ?? '' })}
        message={
          cancellingEnd
            ? t('subscription_confirm_until', { date: formatDate(cancellingEnd) })
            : t('subscription_confirm_message')
        }
        confirmLabel={t('subscription_cancel')}
        cancelLabel={t('subscription_keep')}
        destructive
        busy={busy}
        onConfirm={() =>
          cancelling?.subscription && void cancel(cancelling.subscription.id).finally(() => setCancelling(null))
        }
        onCancel={() => setCancelling(null)}
      />
    </TableContainer>
  );
}
