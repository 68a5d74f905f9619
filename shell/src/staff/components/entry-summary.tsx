import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { StaffRegistryEntry } from '@portal/shared/domain';

/** Id, remote and manifest URL of an entry (a shell page has no remote). */
export function EntrySummary({ entry }: { entry: StaffRegistryEntry }) {
  const { t, i18n } = useTranslation('shell');
  const title = entry.card?.title?.[i18n.language === 'de' ? 'de' : 'en'];
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
        {entry.id}
        {title && (
          <Typography component="span" variant="body2" sx={{ color: 'text.secondary', fontWeight: 400 }}>
            {` · ${title}`}
          </Typography>
        )}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {entry.remote ? (
          <>
            <Box component="code" sx={{ fontFamily: 'monospace' }}>
              {entry.remote}
            </Box>
            {` · ${entry.manifestUrl}`}
          </>
        ) : (
          t('staff_shell_page')
        )}
      </Typography>
    </Box>
  );
}
