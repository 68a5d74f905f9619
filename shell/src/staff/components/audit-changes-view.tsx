import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useTranslation } from 'react-i18next';
import { auditChanges } from '../audit-diff';
import { DefinitionGrid } from './definition-grid';

/** Before → after of one audit event, one line per changed field; removed values struck through. */
export function AuditChangesView({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation('shell');
  const changes = auditChanges(before, after);
  if (changes.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('staff_audit_no_changes')}
      </Typography>
    );
  }
  return (
    <DefinitionGrid labelColumn="minmax(120px, max-content)" rowGap={0.5}>
      {changes.map((change) => (
        <Box key={change.path} sx={{ display: 'contents' }}>
          <Typography
            component="dt"
            variant="body2"
            sx={{ fontFamily: 'monospace', color: 'text.secondary', pt: { xs: 1, sm: 0 } }}
          >
            {change.path}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {change.before !== undefined && (
              <Box component="del" sx={{ color: 'error.main', textDecorationThickness: '1px' }}>
                <Box component="span" sx={visuallyHidden}>{`${t('staff_audit_before')}: `}</Box>
                {change.before}
              </Box>
            )}
            {change.before !== undefined && change.after !== undefined && (
              <Box component="span" aria-hidden sx={{ mx: 1, color: 'text.secondary' }}>
                →
              </Box>
            )}
            {change.after !== undefined && (
              <Box component="ins" sx={{ color: 'success.main', textDecoration: 'none', fontWeight: 500 }}>
                <Box component="span" sx={visuallyHidden}>{`${t('staff_audit_after')}: `}</Box>
                {change.after}
              </Box>
            )}
          </Typography>
        </Box>
      ))}
    </DefinitionGrid>
  );
}
