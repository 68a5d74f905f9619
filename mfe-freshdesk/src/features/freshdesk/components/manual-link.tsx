import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useTranslation } from 'react-i18next';

/** Where the Freshdesk connector's installation manual is published. */
export const FRESHDESK_MANUAL_URL = 'https://www.example.com/manuals/freshdesk-connector';

export function ManualLink() {
  const { t } = useTranslation('freshdesk');
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
          href={FRESHDESK_MANUAL_URL}
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
