import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FAQ_COUNT } from '../buy-plugins';
import { BuySection } from './section-heading';

/** Eight questions, each opened and closed on its own (fresh_desk only). */
export function FaqSection() {
  const { t } = useTranslation('buy');
  const entries = Array.from({ length: FAQ_COUNT }, (_, i) => i + 1);
  return (
    <BuySection name="faq" title={t('faq_title')}>
      {entries.map((n) => (
        <Accordion key={n} disableGutters variant="outlined">
          <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`buy-faq-${n}`} aria-controls={`buy-faq-${n}-answer`}>
            <Typography fontWeight={600}>{t(`faq_${n}_question`)}</Typography>
          </AccordionSummary>
          <AccordionDetails id={`buy-faq-${n}-answer`}>
            <Typography color="text.secondary">{t(`faq_${n}_answer`)}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </BuySection>
  );
}
