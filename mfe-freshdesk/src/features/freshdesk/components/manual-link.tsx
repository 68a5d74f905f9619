import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useLinks } from '@portal/shared';
import { useTranslation } from 'react-i18next';

/**
 * The Freshdesk connector's installation manual, where the operating company publishes it (LINK_FRESHDESK_MANUAL in
 * the portal configuration). A portal configuration without it (an older portal server) shows no card.
 */
export function ManualLink() {
  const { t } = useTranslation('freshdesk');
  const manual = useLinks().freshdeskManual;
  if (!manual) return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="freshdesk-manual-title" sx={{ mb: 3 }}>
      <CardContent>
        <Typography id="freshdesk-manual-title" variant="h2" component="h2" gutterBottom>
          <MenuBookOutlined sx={{ verticalAlign: 'middle', mr: 1 }} aria-hidden />
          {t('manual_title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('manual_description')}
        </Typography>
        <Button
          component="a"
          href={manual}
          target="_blank"
          rel="noopener noreferrer"
          variant="outlined"
          endIcon={<OpenInNew aria-hidden />}
        >
          {t('manual_link')}
          <Typography component="span" sx={visuallyHidden}>
            {` ${t('opens_in_new_tab')}`}
          </Typography>
        </Button>
      </CardContent>
    </Card>
  );
}
