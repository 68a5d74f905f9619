import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GPSR_ACCEPT, type GpsrFile, type GpsrLanguage, type GpsrPoint } from '@portal/shared/domain';
import { useId, useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalFieldProps } from '@portal/shared/forms';
import { EvidenceFiles } from './evidence-files';

export interface PointAnswerProps {
  point: GpsrPoint;
  language: GpsrLanguage;
  field: PortalFieldProps;
  files: GpsrFile[];
  uploading: boolean;
  readOnly?: boolean;
  onUpload(files: File[]): void;
  onRemoveFile(file: GpsrFile): void;
}

/** One point: title, article reference, example, the free-text answer and its evidence files. */
export function PointAnswer({
  point,
  language,
  field,
  files,
  uploading,
  readOnly,
  onUpload,
  onRemoveFile,
}: PointAnswerProps) {
  const { t } = useTranslation('gpsr');
  const input = useRef<HTMLInputElement>(null);
  const exampleId = useId();
  const title = point.title[language];

  function chosen(event: ChangeEvent<HTMLInputElement>) {
    const list = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (list.length) onUpload(list);
  }

  return (
    <Box component="section" aria-label={title} sx={{ py: 1.5 }}>
      <Stack direction="row" alignItems="baseline" gap={1} flexWrap="wrap" sx={{ mb: 0.5 }}>
        <Typography variant="subtitle2" component="h4">
          {title}
        </Typography>
        <Chip size="small" label={t('editor_article', { article: point.article })} variant="outlined" />
      </Stack>
      <Typography id={exampleId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('editor_example', { example: point.example[language] })}{' '}
        {point.link && (
          <Link href={point.link} target="_blank" rel="noopener noreferrer">
            {t('editor_example_link')}
          </Link>
        )}
      </Typography>
      <TextField
        {...field}
        label={t('editor_answer')}
        multiline
        minRows={2}
        fullWidth
        disabled={readOnly}
        slotProps={{ htmlInput: { 'aria-describedby': exampleId, 'aria-label': t('editor_answer_label', { title }) } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={1} alignItems={{ sm: 'center' }} sx={{ mt: 1 }}>
        <Button
          variant="outlined"
          size="small"
          startIcon={<UploadFileIcon />}
          disabled={uploading || readOnly}
          onClick={() => input.current?.click()}
          aria-label={t('editor_add_files_named', { title })}
          sx={{ alignSelf: 'flex-start' }}
        >
          {uploading ? t('editor_uploading') : t('editor_add_files')}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          accept={GPSR_ACCEPT}
          hidden
          data-testid={`upload-${point.id}`}
          onChange={chosen}
        />
        <EvidenceFiles files={files} onRemove={onRemoveFile} />
      </Stack>
    </Box>
  );
}
