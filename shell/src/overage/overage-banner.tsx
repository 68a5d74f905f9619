import { useState } from 'react';
import { Alert, AlertTitle, Button, List, ListItem, ListItemText } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useHttp, useSession } from '@portal/shared';
import { approveOverage } from './overage-api';
import { useShellApi } from '../composition/shell-api-context';
import { redirectRef } from '../composition/shell-apis';

/** Subscriptions waiting for overage approval; approving redirects to the provider's approval_url. */
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
      // Spec §8: overage approval failure is only logged.
      console.error('Failed to approve overage', error);
    }
    setBusyId(null);
  }

  return (
    <Alert severity="warning" sx={{ mb: 2 }} role="region" aria-label={t('overage_banner_title')}>
      <AlertTitle>{t('overage_banner_title')}</AlertTitle>
      {t('overage_banner_text')}
      <List dense disablePadding>
        {pending.map((subscription) => (
          <ListItem
            key={subscription.id}
            disableGutters
            secondaryAction={
              <Button
                size="small"
                variant="contained"
                color="warning"
                disabled={busyId !== null}
                onClick={() => approve(subscription.id)}
              >
                {t('overage_approve_button')}
              </Button>
            }
          >
            <ListItemText primary={t('overage_subscription', { id: subscription.id })} />
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}
