import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ConfirmDialog, useHttp, useLoading, useNotify, useNotifyFailure } from '@portal/shared';
import {
  formatDateUtc,
  GPSR_RETENTION_CHECKLIST,
  GPSR_TOPICS,
  gpsrEditorFormSchema,
  gpsrProgress,
  toGpsrEditorAnswers,
  toGpsrRiskQuestions,
  type GpsrFile,
  type GpsrLanguage,
  type GpsrPoint,
  type GpsrProduct,
} from '@portal/shared/domain';
import { applyApiFieldErrors, usePortalForm } from '@portal/shared/forms';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { downloadDocumentation, DocumentationDownloadError } from '../../../common/download-documentation';
import { createGpsrProduct, deleteGpsrFile, releaseGpsrVersion, updateGpsrProduct, uploadGpsrFiles } from '../api';
import { NavigationBlocker, useBeforeUnload, useHasDataRouter } from '../hooks/use-unsaved-changes-guard';
import { PointAnswer } from './point-answer';
import { ScrollToTop } from './scroll-to-top';
import { VersionsPanel } from './versions-panel';

/** The questionnaire form of one product (new when `product` is null). State lives in react-hook-form. */
export function ProductEditor({
  product,
  onSaved,
}: {
  product: GpsrProduct | null;
  onSaved(product: GpsrProduct): void;
}) {
  const { t, i18n } = useTranslation('gpsr');
  const language: GpsrLanguage = i18n.language === 'en' ? 'en' : 'de';
  const http = useHttp();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const loading = useLoading();
  const navigate = useNavigate();
  const hasDataRouter = useHasDataRouter();
  const form = usePortalForm(gpsrEditorFormSchema, {
    name: product?.name ?? '',
    answers: toGpsrEditorAnswers(product?.riskQuestions ?? []),
  });
  const { formState, handleSubmit, watch, getValues, setValue, reset, setError } = form;
  const [uploadingPoint, setUploadingPoint] = useState<string | null>(null);
  const [removal, setRemoval] = useState<{ point: GpsrPoint; file: GpsrFile } | null>(null);
  const [busy, setBusy] = useState(false);
  const leaving = useRef(false);

  const answers = watch('answers');
  const progress = gpsrProgress(toGpsrRiskQuestions(answers));
  const dirty = formState.isDirty;
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  useBeforeUnload(dirty);

  const save = handleSubmit(
    async (values) => {
      const input = { name: values.name, riskQuestions: toGpsrRiskQuestions(values.answers) };
      setBusy(true);
      try {
        const saved = await loading.track(
          product ? updateGpsrProduct(http, { ...input, id: product.id }) : createGpsrProduct(http, input),
        );
        dirtyNow.current = false;
        reset({ name: saved.name, answers: toGpsrEditorAnswers(saved.riskQuestions) });
        notify.success({ title: t('notify_success'), message: t(product ? 'notify_updated' : 'notify_created') });
        onSaved(saved);
        if (!product) {
          leaving.current = true;
          navigate(`/features/gpsr/product/edit/${saved.id}`, { replace: true });
        }
      } catch (error) {
        applyApiFieldErrors(error, setError);
        notifyFailure(error, { title: t('notify_save_error') });
      } finally {
        setBusy(false);
      }
    },
    (errors) => {
      if (errors.name) notify.error({ title: t('notify_error'), message: t('notify_name_required') });
    },
  );

  async function upload(point: GpsrPoint, files: File[]) {
    setUploadingPoint(point.id);
    try {
      const added = await loading.track(uploadGpsrFiles(http, point, files));
      const current = getValues(`answers.${point.id}.files`) ?? [];
      setValue(`answers.${point.id}.files`, [...current, ...added], { shouldDirty: true });
      notify.success({ title: t('notify_success'), message: t('notify_files_added') });
    } catch (error) {
      notifyFailure(error, { title: t('notify_files_error') });
    } finally {
      setUploadingPoint(null);
    }
  }

  async function removeFile() {
    if (!removal) return;
    const { point, file } = removal;
    setBusy(true);
    try {
      await loading.track(deleteGpsrFile(http, file.name));
      const wasDirty = formState.isDirty;
      const rest = (getValues(`answers.${point.id}.files`) ?? []).filter((f) => f.name !== file.name);
      setValue(`answers.${point.id}.files`, rest, { shouldDirty: true });
      // The server already removed the file from the saved product: that alone is no unsaved change.
      if (!wasDirty && product) reset(getValues());
      notify.success({ title: t('notify_success'), message: t('notify_file_deleted') });
      setRemoval(null);
    } catch (error) {
      notifyFailure(error, { title: t('notify_file_delete_error') });
    } finally {
      setBusy(false);
    }
  }

  async function release() {
    if (!product) return;
    setBusy(true);
    try {
      const version = await loading.track(releaseGpsrVersion(http, product.id));
      notify.success({
        title: t('notify_released', { number: version.number }),
        message: t('notify_released_until', { date: formatDateUtc(version.retentionUntil) }),
      });
      onSaved({ ...product, versions: [version, ...product.versions], draftChanged: false });
    } catch (error) {
      notifyFailure(error, { title: t('notify_release_error') });
    } finally {
      setBusy(false);
    }
  }

  async function download(version?: number) {
    if (!product) return;
    try {
      await loading.track(downloadDocumentation(http, product, { version, language }));
    } catch (error) {
      const message =
        error instanceof DocumentationDownloadError
          ? t(error.reason === 'empty' ? 'notify_download_empty' : 'notify_download_not_zip')
          : undefined;
      notifyFailure(error, { title: t('notify_download_error'), message });
    }
  }

  const nameField = form.fieldProps('name');
  return (
    <Box component="form" noValidate onSubmit={(e) => void save(e)}>
      <Paper
        variant="outlined"
        sx={{ p: 2, mb: 2, position: { md: 'sticky' }, top: { md: 72 }, zIndex: 2 }}
        component="section"
        aria-label={t('editor_summary')}
      >
        <Stack direction={{ xs: 'column', md: 'row' }} gap={2} alignItems={{ md: 'flex-start' }}>
          <TextField {...nameField} label={t('editor_name_label')} fullWidth autoComplete="off" />
          <Box sx={{ minWidth: { md: 220 } }}>
            <Typography variant="body2" aria-live="polite">
              {t('editor_progress', { progress })}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={progress}
              aria-label={t('editor_progress_label')}
              sx={{ mt: 0.5, height: 8, borderRadius: 4 }}
            />
          </Box>
          <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={busy} sx={{ flexShrink: 0 }}>
            {product ? t('editor_update') : t('editor_save')}
          </Button>
        </Stack>
      </Paper>

      <Alert severity="info" sx={{ mb: 2 }}>
        {GPSR_RETENTION_CHECKLIST[language]}
      </Alert>

      {product && (
        <Box sx={{ mb: 2 }}>
          <VersionsPanel
            versions={product.versions}
            canRelease={product.draftChanged && !dirty}
            releasing={busy}
            onRelease={() => void release()}
            onDownload={(v) => void download(v)}
          />
        </Box>
      )}

      <Stack gap={2}>
        {GPSR_TOPICS.map((topic, ti) => (
          <Paper
            key={topic.id}
            variant="outlined"
            component="section"
            aria-labelledby={`gpsr-${topic.id}`}
            sx={{ p: 2 }}
          >
            <Typography id={`gpsr-${topic.id}`} variant="h6" component="h2">
              {ti + 1}. {topic.title[language]}
            </Typography>
            {topic.questions.map((question, qi) => (
              <Box key={question.id} sx={{ mt: 1.5 }}>
                <Typography variant="subtitle1" component="h3" fontWeight={600}>
                  {ti + 1}.{qi + 1} {question.title[language]}
                </Typography>
                {question.points.map((point) => (
                  <PointAnswer
                    key={point.id}
                    point={point}
                    language={language}
                    field={form.fieldProps(`answers.${point.id}.textarea`)}
                    files={answers[point.id]?.files ?? []}
                    uploading={uploadingPoint === point.id}
                    onUpload={(files) => void upload(point, files)}
                    onRemoveFile={(file) => setRemoval({ point, file })}
                  />
                ))}
              </Box>
            ))}
          </Paper>
        ))}
      </Stack>

      <ScrollToTop />

      <ConfirmDialog
        open={!!removal}
        title={t('delete_file_title')}
        message={removal ? t('delete_file_message', { name: removal.file.originalName }) : undefined}
        confirmLabel={t('delete_confirm')}
        destructive
        busy={busy}
        onConfirm={() => void removeFile()}
        onCancel={() => setRemoval(null)}
      />
      {hasDataRouter && (
        <NavigationBlocker shouldBlock={() => dirtyNow.current && !leaving.current}>
          {(blocker) => (
            <ConfirmDialog
              open={blocker.state === 'blocked'}
              title={t('leave_title')}
              message={t('leave_message')}
              confirmLabel={t('leave_confirm')}
              cancelLabel={t('leave_cancel')}
              destructive
              onConfirm={() => blocker.proceed?.()}
              onCancel={() => blocker.reset?.()}
            />
          )}
        </NavigationBlocker>
      )}
    </Box>
  );
}
