import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { ConfirmDialog } from '@portal/shared';
import type { License, LicenseUser } from '@portal/shared/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReleaseRegistration } from '../hooks/use-release-registration';

const TYPE_KEYS: Record<LicenseUser['type'], string> = {
  email: 'registrations_type_email',
  domain: 'registrations_type_domain',
  ip: 'registrations_type_ip',
  deviceInfo: 'registrations_type_device_info',
};

interface Props {
  license: License;
  /** Sub-users see where the license is used but cannot release a place. */
  canRelease: boolean;
  onClose: () => void;
  onReleased: () => void;
}

/** Where a license is registered (emails, shop domains, IPs, devices), each place releasable with a confirm. */
export function RegistrationsDialog({ license, canRelease, onClose, onReleased }: Props) {
  const { t } = useTranslation('licenses');
  const id = useId();
  const [pending, setPending] = useState<LicenseUser | null>(null);
  const { release, busy } = useReleaseRegistration(license.id, onReleased);
  const max = license.licenseTypeDetails.maxRegistrationsCount;

  return (
    <>
      <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
        <DialogTitle id={`${id}-title`}>{t('registrations_title', { product: license.productName })}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {max != null
              ? t('registrations_intro', { used: license.licenseUser.length, max })
              : t('registrations_intro_unlimited', { used: license.licenseUser.length })}
          </DialogContentText>
          {license.licenseUser.length === 0 ? (
            <DialogContentText sx={{ mt: 2 }}>{t('registrations_empty')}</DialogContentText>
          ) : (
            <List aria-label={t('registrations_list_label')}>
              {license.licenseUser.map((entry) => (
                <ListItem
                  key={`${entry.type}:${entry.value}`}
                  divider
                  secondaryAction={
                    canRelease && (
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setPending(entry)}
                        aria-label={t('registrations_release_named', { value: entry.value })}
                      >
                        {t('registrations_release')}
                      </Button>
                    )
                  }
                >
                  <ListItemText
                    primary={entry.value}
                    secondary={t(TYPE_KEYS[entry.type])}
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere', pr: canRelease ? 10 : 0 } } }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('registrations_close')}</Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={pending != null}
        title={t('registrations_confirm_title')}
        message={pending ? t('registrations_confirm_message', { value: pending.value }) : undefined}
        confirmLabel={t('registrations_release')}
        destructive
        busy={busy}
        onConfirm={() => pending && void release(pending).finally(() => setPending(null))}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
