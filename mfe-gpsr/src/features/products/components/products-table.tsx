import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatDateUtc, type GpsrProductListItem } from '@portal/shared/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ProductProgress } from './product-progress';

export interface ProductsTableProps {
  products: GpsrProductListItem[];
  onDownload(product: GpsrProductListItem): void;
  onDelete(product: GpsrProductListItem): void;
}

/** Name, date (DD.MM.YYYY, UTC), progress with edit, documentation download and delete per product. */
export function ProductsTable({ products, onDownload, onDelete }: ProductsTableProps) {
  const { t } = useTranslation('gpsr');
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={t('list_table_label')} size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('list_column_name')}</TableCell>
            <TableCell>{t('list_column_date')}</TableCell>
            <TableCell>{t('list_column_progress')}</TableCell>
            <TableCell align="center">{t('list_column_documentation')}</TableCell>
            <TableCell align="center">{t('list_column_delete')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {products.map((p) => (
            <TableRow key={p.id}>
              <TableCell sx={{ wordBreak: 'break-word' }}>
                <Typography variant="body2" fontWeight={600}>
                  {p.name}
                </Typography>
                {p.versions.length > 0 && (
                  <Typography variant="caption" color="text.secondary">
                    {t('list_released_version', { number: p.versions[0].number })}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateUtc(p.date)}</TableCell>
              <TableCell sx={{ minWidth: 180 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <ProductProgress value={p.progress} label={t('list_progress_label', { name: p.name })} />
                  <Tooltip title={t('list_edit')}>
                    <IconButton
                      component={RouterLink}
                      to={`/features/gpsr/product/edit/${p.id}`}
                      aria-label={t('list_edit_named', { name: p.name })}
                      size="small"
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Box>
              </TableCell>
              <TableCell align="center">
                <Tooltip title={t('list_download')}>
                  <IconButton
                    aria-label={t('list_download_named', { name: p.name })}
                    onClick={() => onDownload(p)}
                    size="small"
                  >
                    <DownloadIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
              <TableCell align="center">
                <Tooltip title={t('list_delete')}>
                  <IconButton
                    aria-label={t('list_delete_named', { name: p.name })}
                    onClick={() => onDelete(p)}
                    size="small"
                    color="error"
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
