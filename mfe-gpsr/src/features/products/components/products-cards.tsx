import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateUtc } from '@portal/shared/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ProductProgress } from './product-progress';
import type { ProductsTableProps } from './products-table';

/** The product list on narrow screens: one card per product with the same actions as the table. */
export function ProductsCards({ products, onDownload, onDelete }: ProductsTableProps) {
  const { t } = useTranslation('gpsr');
  return (
    <Stack component="ul" aria-label={t('list_table_label')} gap={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {products.map((p) => (
        <Paper component="li" key={p.id} variant="outlined" sx={{ p: 1.5 }}>
          <Typography variant="body1" fontWeight={600} sx={{ wordBreak: 'break-word' }}>
            {p.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('list_column_date')}: {formatDateUtc(p.date)}
            {p.versions.length > 0 && ` · ${t('list_released_version', { number: p.versions[0].number })}`}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 1 }}>
            <ProductProgress value={p.progress} label={t('list_progress_label', { name: p.name })} />
            <IconButton
              component={RouterLink}
              to={`/features/gpsr/product/edit/${p.id}`}
              aria-label={t('list_edit_named', { name: p.name })}
            >
              <EditIcon fontSize="small" />
            </IconButton>
            <IconButton aria-label={t('list_download_named', { name: p.name })} onClick={() => onDownload(p)}>
              <DownloadIcon fontSize="small" />
            </IconButton>
            <IconButton aria-label={t('list_delete_named', { name: p.name })} onClick={() => onDelete(p)} color="error">
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}
