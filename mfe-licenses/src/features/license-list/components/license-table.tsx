import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { License } from '@portal/shared/domain';
import { useTranslation } from 'react-i18next';
import { LicenseStatusCell } from './license-status-cell';

export function LicenseTable({ licenses, now }: { licenses: readonly License[]; now: Date }) {
  const { t } = useTranslation('licenses');
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={t('list_table_label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('list_columns_product')}</TableCell>
            <TableCell>{t('list_columns_type')}</TableCell>
            <TableCell>{t('list_columns_status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {licenses.map((license) => (
            <TableRow key={license.id}>
              <TableCell>{license.productName}</TableCell>
              <TableCell>{t(`type_${license.licenseTypeDetails?.type ?? 'free'}`)}</TableCell>
              <TableCell>
                <LicenseStatusCell license={license} now={now} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
