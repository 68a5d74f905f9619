import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { hasNextPage, hasPreviousPage, pageRange } from '../domain/pagination';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}

/** Previous/next with a "from–to of total" text (the invoices and licenses lists). */
export function Pagination({ page, pageSize, total, onChange }: PaginationProps) {
  const { t } = useTranslation('common');
  const { from, to } = pageRange(page, pageSize, total);
  return (
    <Stack
      component="nav"
      aria-label={t('pagination_label')}
      direction="row"
      alignItems="center"
      justifyContent="flex-end"
      spacing={1}
      sx={{ py: 1 }}
    >
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {t('pagination_range', { from, to, total })}
      </Typography>
      <IconButton
        aria-label={t('pagination_previous')}
        disabled={!hasPreviousPage(page)}
        onClick={() => onChange(page - 1)}
      >
        <ChevronLeftIcon />
      </IconButton>
      <IconButton
        aria-label={t('pagination_next')}
        disabled={!hasNextPage(page, pageSize, total)}
        onClick={() => onChange(page + 1)}
      >
        <ChevronRightIcon />
      </IconButton>
    </Stack>
  );
}
