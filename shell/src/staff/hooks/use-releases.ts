import { apiErrorKey, isApiError, useHttp, useLoad, useNotify } from '@portal/shared';
import type { StaffReleases } from '@portal/shared/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchReleases, releaseSteps } from '../api';

export type ReleaseStep =
  | { kind: 'add'; manifestUrl: string }
  | { kind: 'preview'; release: string }
  | { kind: 'promote'; release: string }
  | { kind: 'end_preview' }
  | { kind: 'rollback'; release: string };

/** Why a step was refused, as the api named it: i18n keys of `common`, per field. */
export interface ReleaseProblem {
  step: ReleaseStep['kind'];
  /** The error's own text (its slug). */
  errorKey: string;
  /** The manifest URL's field message (the add form shows it at the field). */
  manifestUrlKey: string | null;
  /** What did not fit: a library ('react', '@portal/shared') or the remote name, with the reason's key. */
  details: { name: string; key: string }[];
}

function problemOf(step: ReleaseStep['kind'], error: unknown): ReleaseProblem {
  const fields = isApiError(error) ? (error.fields ?? {}) : {};
  const details = Object.entries(fields)
    .filter(([field]) => field.startsWith('shared.') || field === 'remote')
    .map(([field, key]) => ({ name: field === 'remote' ? 'remote' : field.slice('shared.'.length), key }));
  return {
    step,
    errorKey: apiErrorKey(error as { slug?: string; status?: number }),
    manifestUrlKey: fields.manifestUrl ?? null,
    details,
  };
}

/**
 * An entry's releases and the steps on them: each step answers the new state (shown at once), tells how it went and
 * calls `onChanged` (the registry list shows the live and preview release); a refused step keeps its reasons in
 * `problem` until the next step.
 */
export function useReleases(entryId: string, onChanged: () => void) {
  const http = useHttp();
  const notify = useNotify();
  const { t } = useTranslation('shell');
  const load = useLoad(() => fetchReleases(http, entryId), [http, entryId]);
  const { update } = load;
  const [busy, setBusy] = useState<ReleaseStep | null>(null);
  const [problem, setProblem] = useState<ReleaseProblem | null>(null);

  const run = useCallback(
    async (step: ReleaseStep): Promise<boolean> => {
      setBusy(step);
      setProblem(null);
      try {
        let next: StaffReleases;
        if (step.kind === 'add') next = await releaseSteps.add(http, entryId, step.manifestUrl);
        else if (step.kind === 'preview') next = await releaseSteps.preview(http, entryId, step.release);
        else if (step.kind === 'promote') next = await releaseSteps.promote(http, entryId, step.release);
        else if (step.kind === 'rollback') next = await releaseSteps.rollback(http, entryId);
        else next = await releaseSteps.endPreview(http, entryId);
        update(() => next);
        const release = step.kind === 'add' ? (next.releases[0]?.id ?? '') : 'release' in step ? step.release : '';
        notify.success({ message: t(`staff_release_done_${step.kind}`, { release, id: entryId }) });
        onChanged();
        return true;
      } catch (error) {
        setProblem(problemOf(step.kind, error));
        return false;
      } finally {
        setBusy(null);
      }
    },
    [entryId, http, notify, onChanged, t, update],
  );

  return { ...load, busy, problem, run };
}
