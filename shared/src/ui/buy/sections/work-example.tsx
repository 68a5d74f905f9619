import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BUY_PAGE_LAYOUT, type BuyPage } from '../buy-plugins';
import { GpsrDownloadImage, GpsrQuestionnaireImage } from '../illustrations/gpsr-images';
import { MobileHomeImage } from '../illustrations/mobile-home';
import { BuySection } from './section-heading';
import { Walkthrough } from './walkthrough';

/** fresh_desk: click-to-play walkthrough; magic_matrix: placeholder; gpsr: two images; mobile: one image. */
export function WorkExample({ page }: { page: BuyPage }) {
  const { t } = useTranslation('buy');
  const kind = BUY_PAGE_LAYOUT[page].workExample;
  if (kind === 'none') return null;
  const figure = (image: React.ReactNode, caption: string) => (
    <Paper component="figure" variant="outlined" sx={{ m: 0, p: 2 }}>
      {image}
      <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {caption}
      </Typography>
    </Paper>
  );
  return (
    <BuySection name="work" title={t('work_title')}>
      {kind === 'walkthrough' && <Walkthrough />}
      {kind === 'placeholder' && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderStyle: 'dashed' }}>
          <Typography color="text.secondary">{t('work_magic_matrix_placeholder')}</Typography>
        </Paper>
      )}
      {kind === 'two_images' && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {figure(
            <GpsrQuestionnaireImage label={t('work_gpsr_questionnaire')} />,
            t('work_gpsr_questionnaire_caption'),
          )}
          {figure(<GpsrDownloadImage label={t('work_gpsr_download')} />, t('work_gpsr_download_caption'))}
        </Box>
      )}
      {kind === 'one_image' && figure(<MobileHomeImage label={t('work_mobile_image')} />, t('work_mobile_caption'))}
    </BuySection>
  );
}
