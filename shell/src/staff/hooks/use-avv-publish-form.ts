import { apiErrorKey, isApiError, useHttp, useNotify } from '@portal/shared';
import { applyApiFieldErrors, usePortalForm } from '@portal/shared/forms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { publishAvvVersion } from '../api';
import {
  avvEffectiveDateIssue,
  avvVersionInputSchema,
  utcDay,
  type AvvStaffVersion,
  type AvvVersion,
} from '@portal/shared/domain';

/**
 * The publish form of a new AVV version: starts from the newest version's text and sub-processors (staff edit
 * what changed), checked by `avvVersionInputSchema` plus the date rules the api applies too; api field errors at
 * their field, other failures as `submitError` with the input kept.
 */
export function useAvvPublishForm(latest: AvvStaffVersion | null, onPublished: (version: AvvVersion) => void) {
  const http = useHttp();
  const notify = useNotify();
  const { t } = useTranslation('shell');
  const [submitError, setSubmitError] = useState<string | null>(null);
  const form = usePortalForm(avvVersionInputSchema, {
    version: '',
    effectiveDate: utcDay(),
    summary: { de: '', en: '' },
    text: { de: latest?.text.de ?? '', en: latest?.text.en ?? '' },
    subProcessors: latest?.subProcessors.map((p) => ({ ...p })) ?? [],
  });

  const submit = form.handleSubmit(async (input) => {
    setSubmitError(null);
    const dateIssue = avvEffectiveDateIssue(input.effectiveDate, { latestEffectiveDate: latest?.effectiveDate });
    if (dateIssue) {
      form.setError('effectiveDate', { type: 'rule', message: dateIssue }, { shouldFocus: true });
      return;
    }
    try {
      const published = await publishAvvVersion(http, input);
      notify.success({ message: t('staff_avv_published', { version: published.version }) });
      onPublished(published);
    } catch (error) {
      if (applyApiFieldErrors(error, form.setError)) return;
      const key = apiErrorKey(error as { slug?: string; status?: number });
      if (isApiError(error) && error.slug === 'avv-version-exists') {
        form.setError('version', { type: 'server', message: key }, { shouldFocus: true });
      } else {
        setSubmitError(key);
      }
    }
  });

  return { form, submit, submitError };
}
