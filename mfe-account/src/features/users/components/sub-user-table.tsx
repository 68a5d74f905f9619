import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { formatDateTime, type SubUser } from '@portal/shared/domain';

export function SubUserTable({ users, onDelete }: { users: SubUser[]; onDelete: (user: SubUser) => void }) {
  const { t } = useTranslation('account');
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={t('users_table_label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('users_name')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('users_email')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('users_created')}</TableCell>
            <TableCell align="right">{t('users_actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.id} hover>
              <TableCell sx={{ wordBreak: 'break-word' }}>
                {user.name}
                <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                  {user.email}
                </Typography>
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, wordBreak: 'break-word' }}>
                {user.email}
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>
                {formatDateTime(user.createdAt)}
              </TableCell>
              <TableCell align="right">
                <IconButton
                  aria-label={t('users_delete_aria', { name: user.name })}
                  onClick={() => onDelete(user)}
                  color="error"
                >
                  <DeleteOutline />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
