import Undo from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ErrorPanel, LoadingState } from '@portal/shared';
import { formatDateTime, type StaffRelease, type StaffReleases } from '@portal/shared/domain';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../hooks/use-error-text';
import { useReleases, type ReleaseProblem, type ReleaseStep } from '../hooks/use-releases';
import { useStaffDialog } from '../hooks/use-staff-dialog';
import { DefinitionGrid } from './definition-grid';

interface Props {
  entryId: string;
  onClose(): void;
  /** After each step that changed something (the registry list reloads). */
  onChanged(): void;
}

const mono = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const;

/** Why a step was refused: the error, and what did not fit (a library, the contract or the remote name). */
function ProblemAlert({ problem }: { problem: ReleaseProblem }) {
  const { t } = useTranslation('shell');
  const errorText = useErrorText();
  const message = t(problem.errorKey, { ns: 'common' });
  const urlText = problem.step === 'add' ? null : errorText(problem.manifestUrlKey ?? undefined);
  return (
    <Alert severity="error" role="alert">
      <Typography variant="subtitle2" component="p">
        {t(`staff_release_failed_${problem.step}`)}
      </Typography>
      <Typography variant="body2">{message}</Typography>
      {urlText && urlText !== message && <Typography variant="body2">{urlText}</Typography>}
      {problem.details.length > 0 && (
        <Box component="ul" aria-label={t('staff_release_problems_label')} sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          {problem.details.map((detail) => (
            <Typography component="li" variant="body2" key={detail.name}>
              <Box component="code" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                {detail.name === 'remote' ? t('staff_field_remote') : detail.name}
              </Box>
              {`: ${errorText(detail.key)}`}
            </Typography>
          ))}
        </Box>
      )}
    </Alert>
  );
}

function ReleaseItem({
  release,
  state,
  busy,
  onStep,
}: {
  release: StaffRelease;
  state: StaffReleases;
  busy: boolean;
  onStep(step: ReleaseStep): void;
}) {
  const { t } = useTranslation('shell');
  const headingId = useId();
  const live = state.live === release.id;
  const preview = state.preview === release.id;
  const who = (email: string | null) => email ?? t('staff_audit_system');
  const liveText = !release.liveAt
    ? t('staff_release_never_live')
    : t(live ? 'staff_release_live_since' : 'staff_release_was_live', {
        when: formatDateTime(release.liveAt),
        who: who(release.liveBy),
      });
  return (
    <Paper component="li" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, listStyle: 'none' }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 0.5 }}>
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ ...mono, fontWeight: 600 }}>
          {release.id}
        </Typography>
        {live && <Chip size="small" color="success" label={t('staff_release_chip_live')} />}
        {preview && <Chip size="small" color="warning" label={t('staff_release_chip_preview')} />}
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('staff_release_added', {
          version: release.version,
          when: formatDateTime(release.addedAt),
          who: who(release.addedBy),
        })}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {liveText}
      </Typography>
      <Typography variant="body2" sx={{ ...mono, color: 'text.secondary', fontSize: '0.8rem', mt: 0.5 }}>
        {release.manifestUrl}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1.5 }}>
        <Button
          size="small"
          variant="outlined"
          disabled={busy || live || preview}
          onClick={() => onStep({ kind: 'preview', release: release.id })}
          aria-label={t('staff_release_preview_named', { release: release.id })}
        >
          {t('staff_release_preview')}
        </Button>
        <Button
          size="small"
          variant="contained"
          disabled={busy || live}
          onClick={() => onStep({ kind: 'promote', release: release.id })}
          aria-label={t('staff_release_promote_named', { release: release.id })}
        >
          {t('staff_release_promote')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** One line of where the entry stands: what it is, the release (or what stands when there is none), its action. */
function StateRow({
  label,
  release,
  none,
  children,
}: {
  label: string;
  release: string | null;
  none: string;
  children: ReactNode;
}) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Stack
        component="dd"
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ m: 0, flexWrap: 'wrap', alignItems: 'center' }}
      >
        <Typography variant="body2" sx={release ? { ...mono, fontWeight: 600 } : undefined}>
          {release ?? none}
        </Typography>
        {children}
      </Stack>
    </>
  );
}

/** Where the entry stands: the live release, the preview, and the one-click rollback. */
function ReleaseState({
  state,
  busy,
  onStep,
}: {
  state: StaffReleases;
  busy: boolean;
  onStep(step: ReleaseStep): void;
}) {
  const { t } = useTranslation('shell');
  return (
    <DefinitionGrid labelColumn="max-content" rowGap={1} alignItems="center">
      <StateRow label={t('staff_releases_live')} release={state.live} none={t('staff_releases_live_by_hand')}>
        <Button
          size="small"
          variant="outlined"
          color="warning"
          startIcon={<Undo />}
          disabled={busy || !state.rollbackTo}
          onClick={() => state.rollbackTo && onStep({ kind: 'rollback', release: state.rollbackTo })}
        >
          {state.rollbackTo
            ? t('staff_releases_rollback', { release: state.rollbackTo })
            : t('staff_releases_rollback_none')}
        </Button>
      </StateRow>
      <StateRow label={t('staff_releases_preview')} release={state.preview} none={t('staff_releases_preview_none')}>
        {state.preview && (
          <Button size="small" variant="outlined" disabled={busy} onClick={() => onStep({ kind: 'end_preview' })}>
            {t('staff_releases_end_preview')}
          </Button>
        )}
      </StateRow>
    </DefinitionGrid>
  );
}

/**
 * The releases of one registry entry (full screen on phones): where it stands (live, preview, rollback), the form
 * that adds a release by its manifest URL, and each release with Preview and Promote.
 */
export function ReleasesDialog({ entryId, onClose, onChanged }: Props) {
  const { t } = useTranslation('shell');
  const errorText = useErrorText();
  const { state, retry, busy, problem, run } = useReleases(entryId, onChanged);
  const [manifestUrl, setManifestUrl] = useState('');
  const working = busy !== null;
  const { titleId, dialogProps } = useStaffDialog(working, onClose);
  const addError = problem?.step === 'add' ? errorText(problem.manifestUrlKey ?? undefined) : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await run({ kind: 'add', manifestUrl: manifestUrl.trim() })) setManifestUrl('');
  };

  return (
    <Dialog {...dialogProps}>
      <DialogTitle id={titleId}>{t('staff_releases_title', { id: entryId })}</DialogTitle>
      <DialogContent dividers>
        {state.status === 'loading' && <LoadingState label={t('staff_releases_loading')} />}
        {state.status === 'error' && (
          <ErrorPanel title={t('staff_releases_error')} error={state.error} onRetry={retry} />
        )}
        {state.status === 'ready' && (
          <Stack spacing={2.5}>
            <Typography variant="body2">{t('staff_releases_intro')}</Typography>
            <ReleaseState state={state.data} busy={working} onStep={(step) => void run(step)} />
            {problem && <ProblemAlert problem={problem} />}
            <Box
              component="form"
              noValidate
              onSubmit={(event) => void submit(event)}
              sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
            >
              <TextField
                label={t('staff_releases_add_label')}
                helperText={addError ?? t('staff_releases_add_hint')}
                error={!!addError}
                value={manifestUrl}
                onChange={(event) => setManifestUrl(event.target.value)}
                size="small"
                fullWidth
                required
                slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
              />
              <Button
                type="submit"
                variant="outlined"
                loading={busy?.kind === 'add'}
                disabled={working || !manifestUrl.trim()}
                sx={{ flexShrink: 0, mt: { sm: 0.25 } }}
              >
                {t('staff_releases_add')}
              </Button>
            </Box>
            {state.data.releases.length === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('staff_releases_empty')}
              </Typography>
            ) : (
              <Stack component="ul" spacing={1.5} aria-label={t('staff_releases_list_label')} sx={{ p: 0, m: 0 }}>
                {state.data.releases.map((release) => (
                  <ReleaseItem
                    key={release.id}
                    release={release}
                    state={state.data}
                    busy={working}
                    onStep={(step) => void run(step)}
                  />
                ))}
              </Stack>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={working}>
          {t('staff_close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
