import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { LoadView, useLoad, useSession } from '@portal/shared';
import { formatDateTime, formatDateUtc, type AvvCurrent, type AvvHistory } from '@portal/shared/domain';
import { useAvvApi } from '../api';

/** The AVV in force with its sub-processors, and who accepted which version when. */
export function AvvHistorySection() {
  const { t } = useTranslation('account');
  const api = useAvvApi();
  const session = useSession();
  // Reload after an acceptance (here, in the shell's banner, or in another tab after a session refresh).
  const acceptedDate = session.profile?.avv.acceptedDate ?? null;

  const { state: load, retry } = useLoad(
    () => Promise.all([api.fetchCurrent(), api.fetchHistory()]),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- acceptedDate is the trigger, not an input
    [api, acceptedDate],
  );

  return (
    <Box component="section" aria-labelledby="avv-history-title">
      <Typography id="avv-history-title" variant="h6" component="h2" gutterBottom>
        {t('avv_history_title')}
      </Typography>
      <LoadView
        state={load}
        inline
        loadingLabel={t('avv_history_loading')}
        errorTitle={t('avv_history_error')}
        onRetry={retry}
        retryLabel={t('avv_history_retry')}
      >
        {([current, history]) => <AvvHistoryContent current={current} history={history} />}
      </LoadView>
    </Box>
  );
}

function AvvHistoryContent({ current, history }: { current: AvvCurrent; history: AvvHistory }) {
  const { t } = useTranslation('account');
  // Phones: one block per row instead of a table wider than the screen.
  const narrow = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const version = current.current;
  const acceptedCurrent = history.acceptances.some((a) => a.versionId === version.id);
  return (
    <Stack spacing={3}>
      <Typography variant="body2">
        {t('avv_history_in_force', { version: version.version, date: formatDateUtc(version.effectiveDate) })}{' '}
        {acceptedCurrent ? t('avv_history_in_force_accepted') : t('avv_history_in_force_open')}
      </Typography>

      {history.acceptances.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('avv_history_empty')}
        </Typography>
      ) : narrow ? (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-labelledby="avv-history-title">
          {history.acceptances.map((a) => (
            <Box component="li" key={a.id} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t('avv_history_col_version')} {a.version}
              </Typography>
              <Typography variant="body2">
                {t('avv_history_col_effective')}: {formatDateUtc(a.effectiveDate)}
              </Typography>
              <Typography variant="body2">
                {t('avv_history_col_accepted')}: {formatDateTime(a.acceptedAt)}
              </Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {t('avv_history_col_by')}: {a.acceptedBy}
              </Typography>
            </Box>
          ))}
        </Stack>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby="avv-history-title">
            <TableHead>
              <TableRow>
                <TableCell>{t('avv_history_col_version')}</TableCell>
                <TableCell>{t('avv_history_col_effective')}</TableCell>
                <TableCell>{t('avv_history_col_accepted')}</TableCell>
                <TableCell>{t('avv_history_col_by')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {history.acceptances.map((a) => (
                <TableRow key={a.id}>
                  <TableCell>{a.version}</TableCell>
                  <TableCell>{formatDateUtc(a.effectiveDate)}</TableCell>
                  <TableCell>{formatDateTime(a.acceptedAt)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{a.acceptedBy}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}

      <Box component="section" aria-labelledby="avv-subprocessors-title">
        <Typography id="avv-subprocessors-title" variant="subtitle1" component="h3" gutterBottom>
          {t('avv_subprocessors_title', { version: version.version })}
        </Typography>
        {version.subProcessors.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('avv_subprocessors_empty')}
          </Typography>
        ) : narrow ? (
          <Stack
            component="ul"
            spacing={1.5}
            sx={{ listStyle: 'none', p: 0, m: 0 }}
            aria-labelledby="avv-subprocessors-title"
          >
            {version.subProcessors.map((p) => (
              <Box component="li" key={`${p.name}|${p.purpose}|${p.location}`}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {p.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {p.purpose} · {p.location}
                </Typography>
              </Box>
            ))}
          </Stack>
        ) : (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="avv-subprocessors-title">
              <TableHead>
                <TableRow>
                  <TableCell>{t('avv_subprocessors_col_name')}</TableCell>
                  <TableCell>{t('avv_subprocessors_col_purpose')}</TableCell>
                  <TableCell>{t('avv_subprocessors_col_location')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {version.subProcessors.map((p) => (
                  <TableRow key={`${p.name}|${p.purpose}|${p.location}`}>
                    <TableCell>{p.name}</TableCell>
                    <TableCell>{p.purpose}</TableCell>
                    <TableCell>{p.location}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Box>
    </Stack>
  );
}
