import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ConfirmDialog } from '@portal/shared';
import { formatDate, type License } from '@portal/shared/domain';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LicenseStatusCell } from './license-status-cell';
import { RegistrationsDialog } from './registrations-dialog';
import { SubscriptionCell } from './subscription-cell';
import { useCancelSubscription } from '../hooks/use-cancel-subscription';
import { usePayRenewal } from '../hooks/use-pay-renewal';
import { useKeepCurrentPlan } from '../hooks/use-keep-current-plan';
import { useResumeSubscription } from '../hooks/use-resume-subscription';

interface Props {
  licenses: readonly License[];
  now: Date;
  /** Main users may release registrations, cancel subscriptions and pay a declined renewal; sub-users only see. */
  canRelease?: boolean;
  /** After a registration was released, a subscription cancelled or the payment window closed: reload the page. */
  onChanged?: () => void;
}

interface Cells {
  type: ReactNode;
  status: ReactNode;
  registrations: ReactNode;
  subscription: ReactNode;
}

/**
 * The licenses of one page: a table on wide screens; below the `sm` breakpoint (390 px phones) one card per license
 * with every column as a labelled line, so status and renewal are visible without scrolling sideways.
 */
export function LicenseTable({ licenses, now, canRelease = false, onChanged }: Props) {
  const { t } = useTranslation('licenses');
  const narrow = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const [openId, setOpenId] = useState<string | null>(null);
  const open = licenses.find((l) => l.id === openId) ?? null;
  const [cancelling, setCancelling] = useState<License | null>(null);
  const { cancel, busy } = useCancelSubscription(() => onChanged?.());
  const { resume, busy: resuming } = useResumeSubscription(() => onChanged?.());
  const { keep, busy: keeping } = useKeepCurrentPlan(() => onChanged?.());
  const pay = usePayRenewal(() => onChanged?.());
  const cancellingEnd = cancelling?.subscription?.currentPeriodEnd;

  const cellsOf = (license: License): Cells => {
    const max = license.licenseTypeDetails?.maxRegistrationsCount;
    const used = license.licenseUser.length;
    const count = max != null ? `${used} / ${max}` : String(used);
    return {
      type: t(`type_${license.licenseTypeDetails?.type ?? 'free'}`),
      status: <LicenseStatusCell license={license} now={now} />,
      registrations: (
        <Button
          size="small"
          variant="text"
          onClick={() => setOpenId(license.id)}
          aria-label={t('registrations_open', { product: license.productName, count })}
          sx={{ minWidth: 0 }}
        >
          {count}
        </Button>
      ),
      subscription: (
        <SubscriptionCell
          license={license}
          now={now}
          canCancel={canRelease}
          onCancel={setCancelling}
          onResume={(l) => l.subscription && void resume(l.subscription.id)}
          onKeepPlan={(l) => void keep(l)}
          busy={busy || resuming || keeping}
          onPay={pay}
        />
      ),
    };
  };

  const labels: [keyof Cells, string][] = [
    ['type', t('list_columns_type')],
    ['status', t('list_columns_status')],
    ['registrations', t('list_columns_registrations')],
    ['subscription', t('list_columns_subscription')],
  ];

  return (
    <>
      {narrow ? (
        <Stack component="ul" aria-label={t('list_table_label')} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {licenses.map((license) => {
            const cells = cellsOf(license);
            return (
              <Paper component="li" variant="outlined" key={license.id} sx={{ p: 2 }}>
                <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
                  {license.productName}
                </Typography>
                <Box
                  component="dl"
                  sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, m: 0 }}
                >
                  {labels.map(([key, label]) => (
                    <Box key={key} sx={{ display: 'contents' }}>
                      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                        {label}
                      </Typography>
                      <Box component="dd" sx={{ m: 0, minWidth: 0, typography: 'body2' }}>
                        {cells[key]}
                      </Box>
                    </Box>
                  ))}
                </Box>
              </Paper>
            );
          })}
        </Stack>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label={t('list_table_label')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('list_columns_product')}</TableCell>
                {labels.map(([key, label]) => (
                  <TableCell key={key}>{label}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {licenses.map((license) => {
                const cells = cellsOf(license);
                return (
                  <TableRow key={license.id}>
                    <TableCell>{license.productName}</TableCell>
                    {labels.map(([key]) => (
                      <TableCell key={key}>{cells[key]}</TableCell>
                    ))}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
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
    </>
  );
}
