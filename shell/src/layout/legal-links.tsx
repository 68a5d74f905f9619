import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useShellApi } from '../shell-api/shell-api-context';
import { linksRef } from '../shell-api/shell-apis';

/** Imprint, privacy and terms, opening the external pages in a new tab. */
export function LegalLinks({ withContact = false }: { withContact?: boolean }) {
  const { t } = useTranslation('shell');
  const links = useShellApi(linksRef);
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
