import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { GpsrFile } from '@portal/shared/domain';
import { useTranslation } from 'react-i18next';

/** The files of one point; each can be removed (after a confirm, handled by the page). */
export function EvidenceFiles({ files, onRemove }: { files: GpsrFile[]; onRemove(file: GpsrFile): void }) {
  const { t } = useTranslation('gpsr');
  if (!files.length) return null;
  return (
    <Stack direction="row" useFlexGap flexWrap="wrap" gap={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {files.map((file) => (
        <Box component="li" key={file.name} sx={{ maxWidth: '100%' }}>
          <Chip icon={<AttachFileIcon />} label={file.originalName} variant="outlined" sx={{ maxWidth: '100%' }} />
          <IconButton
            size="small"
            aria-label={t('editor_remove_file', { name: file.originalName })}
            onClick={() => onRemove(file)}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
    </Stack>
  );
}
