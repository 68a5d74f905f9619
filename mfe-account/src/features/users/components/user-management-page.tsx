import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PersonAddAlt1 from '@mui/icons-material/PersonAddAlt1';
import {
  ConfirmDialog,
  deferredComponent,
  EmptyState,
  LoadingState,
  LoadView,
  PageHeader,
  useBusyTask,
  useNotify,
  useLoad,
  useSession,
} from '@portal/shared';
import { canAddSubUser, type SubUser } from '@portal/shared/domain';
import { useSubUsersApi } from '../api';
import type { AddSubUserDialogProps } from './add-sub-user-dialog';
import { SubUserTable } from './sub-user-table';

// The add dialog's form (react-hook-form, zod and the shared rules: about 37 KB compressed) loads when a pointer or
// the focus reaches its button, not with the list most visits only read, so the route keeps within its 350 KB
// JavaScript budget.
const AddSubUserDialog = deferredComponent<AddSubUserDialogProps>(
  () => import('./add-sub-user-dialog').then((module) => module.AddSubUserDialog),
  { visible: (props) => props.open, hiddenLoad: 'intent', fallback: <LoadingState /> },
);

export function UserManagementPage() {
  const { t } = useTranslation('account');
  const session = useSession();
  if (session.isSubUser) {
    return (
      <Box sx={{ maxWidth: 960, mx: 'auto', width: '100%' }}>
        <PageHeader title={t('users_title')} />
        <Alert severity="info">{t('users_not_available')}</Alert>
      </Box>
    );
  }
  return <MainUserManagement />;
}

function MainUserManagement() {
  const { t } = useTranslation('account');
  const api = useSubUsersApi();
  const notify = useNotify();
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<SubUser | null>(null);
  const { busy: deleting, run } = useBusyTask();

  const { state, retry, update } = useLoad(async () => {
    const [users, maxAllowed] = await Promise.all([api.list(), api.maxAllowed()]);
    return { users, maxAllowed };
  }, [api]);

  const created = (user: SubUser) => {
    update((data) => ({ ...data, users: [...data.users, user] }));
    setAdding(false);
  };

  const remove = async () => {
    if (!toDelete) return;
    await run({ title: t('delete_user_error') }, async () => {
      await api.remove(toDelete.id);
      update((data) => ({ ...data, users: data.users.filter((u) => u.id !== toDelete.id) }));
      setToDelete(null);
      notify.success({ title: t('notification_success'), message: t('delete_user_success') });
    });
  };

  const ready = state.status === 'ready';
  const { users, maxAllowed } = ready ? state.data : { users: [], maxAllowed: 0 };
  const atLimit = ready && !canAddSubUser(users.length, maxAllowed);

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', width: '100%' }}>
      <PageHeader
        title={t('users_title')}
        subtitle={t('users_subtitle')}
        actions={
          <Button
            variant="contained"
            startIcon={<PersonAddAlt1 />}
            onClick={() => setAdding(true)}
            onPointerEnter={AddSubUserDialog.preload}
            onFocus={AddSubUserDialog.preload}
            disabled={!ready || atLimit}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {t('users_add')}
          </Button>
        }
      />
      <LoadView
        state={state}
        loadingLabel={t('users_loading')}
        errorTitle={t('fetch_users_error')}
        onRetry={retry}
        retryLabel={t('retry')}
      >
        {() => (
          <>
            {maxAllowed < 1 ? (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {t('users_no_plan')}{' '}
                <Link component={RouterLink} to="/licenses/buy?plugin=mobile">
                  {t('users_buy_mobile_plan')}
                </Link>
              </Alert>
            ) : (
              <Typography variant="body2" color={atLimit ? 'warning.main' : 'text.secondary'} sx={{ mb: 2 }}>
                {atLimit ? t('max_users_reached') : t('users_count', { count: users.length, max: maxAllowed })}
              </Typography>
            )}
            {users.length === 0 ? (
              <Paper variant="outlined">
                <EmptyState title={t('users_empty_title')} message={t('users_empty_text')} />
              </Paper>
            ) : (
              <SubUserTable users={users} onDelete={setToDelete} />
            )}
          </>
        )}
      </LoadView>
      <AddSubUserDialog open={adding} onClose={() => setAdding(false)} onCreated={created} />
      <ConfirmDialog
        open={toDelete != null}
        title={t('users_delete_title')}
        message={t('users_delete_text', { name: toDelete?.name ?? '', email: toDelete?.email ?? '' })}
        confirmLabel={t('users_delete_confirm')}
        cancelLabel={t('cancel')}
        destructive
        busy={deleting}
        onConfirm={remove}
        onCancel={() => setToDelete(null)}
      />
    </Box>
  );
}
