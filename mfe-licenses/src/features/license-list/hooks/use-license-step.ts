import { useBusyTask, useHttp, useNotify, type HttpClient, type NotifyInput } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

/** What a step gets to do its work and to word its outcome: the api client and the licenses texts. */
export interface StepTools {
  http: HttpClient;
  t: TFunction<'licenses'>;
}

/**
 * One step a seller takes on a license (cancel, resume, keep the plan, release a registration): busy while the api
 * call runs; when it went through, the notification `step` answers and `onDone` (the list reloads); when it failed,
 * the error under the title `failedKey`.
 */
export function useLicenseStep<Arg>(
  failedKey: string,
  step: (arg: Arg, tools: StepTools) => Promise<NotifyInput>,
  onDone: () => void,
) {
  const http = useHttp();
  const notify = useNotify();
  const { t } = useTranslation('licenses');
  const { busy, run } = useBusyTask();

  const start = (arg: Arg) =>
    run({ title: t(failedKey) }, async () => {
      notify.success(await step(arg, { http, t }));
      onDone();
    });
  return { start, busy };
}
