import { Link, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useShell } from '../../composition/shell-context';

/** Imprint, privacy and terms, opening the external pages in a new tab. */
export function LegalLinks({ withContact = false }: { withContact?: boolean }) {
  const { t } = useTranslation('shell');
  const { links } = useShell().config;
  const external = { target: '_blank', rel: 'noopener noreferrer', underline: 'hover' } as const;
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'center' }}>
      {withContact && (
        <Link href={`mailto:${links.contactEmail}`} underline="hover">
          {t('footer_contact')}
        </Link>
      )}
      <Link href={links.imprint} {...external}>
        {t('footer_imprint')}
      </Link>
      <Link href={links.privacy} {...external}>
        {t('footer_privacy')}
      </Link>
      <Link href={links.terms} {...external}>
        {t('footer_terms')}
      </Link>
    </Stack>
  );
}
