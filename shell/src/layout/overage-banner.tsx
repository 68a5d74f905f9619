import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useHttp, useSession } from '@portal/shared';
import { approveOverage } from '../overage/overage-api';
import { useShellApi } from '../shell-api/shell-api-context';
import { redirectRef } from '../shell-api/shell-apis';

/**
 * Subscriptions waiting for overage approval (in the shared layout); Approve redirects to the provider's
 * approval_url (the sandbox's consent page or PayPal's), which sends the browser back with overage_approval_result.
 * Each subscription is named by its license's product when the session has it. Sub-users see the list without the
 * button: only the main user pays (the api refuses sub-users too).
 */
export function OverageBanner() {
  const { t } = useTranslation('shell');
  const session = useSession();
  const http = useHttp();
  const redirect = useShellApi(redirectRef);
  const pending = session.pendingOverage;
  const [busyId, setBusyId] = useState<string | null>(null);
  if (pending.length === 0) return null;

  async function approve(id: string) {
    setBusyId(id);
    try {
      const approvalUrl = await approveOverage(http, id);
      if (approvalUrl) return redirect(approvalUrl);
      await session.refresh('pendingOverage');
    } catch (error) {
      // A failed overage approval is only logged: the banner stays and can be tried again.
      console.error('Failed to approve overage', error);
    }
    setBusyId(null);
  }

  const nameOf = (id: string) => {
    const license = session.licenses.find((l) => l.subscription?.id === id);
    return license ? license.productName : t('overage_subscription', { id });
  };

  return (
    <Alert severity="warning" sx={{ mb: 2 }} role="region" aria-label={t('overage_banner_title')}>
      <AlertTitle>{t('overage_banner_title')}</AlertTitle>
      {t('overage_banner_text')}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {pending.map((subscription) => {
          const name = nameOf(subscription.id);
          return (
            <Stack
              component="li"
              key={subscription.id}
              direction="row"
              alignItems="center"
              justifyContent="space-between"
              flexWrap="wrap"
              sx={{ gap: 1, py: 0.5 }}
            >
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}>{name}</Typography>
              {!session.isSubUser && (
                <Button
                  size="small"
                  variant="contained"
                  color="warning"
                  disabled={busyId !== null}
                  aria-label={t('overage_approve_named', { name })}
                  onClick={() => approve(subscription.id)}
                >
                  {busyId === subscription.id ? t('overage_approving') : t('overage_approve_button')}
                </Button>
              )}
            </Stack>
          );
        })}
      </Box>
      {session.isSubUser && <Typography sx={{ mt: 1 }}>{t('overage_subuser_note')}</Typography>}
    </Alert>
  );
}
