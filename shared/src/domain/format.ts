function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * General date display: Russian locale, day.month.year hour:minute, e.g. '05.03.2024, 14:07'.
 * Returns '' for missing or invalid input. `timeZone` defaults to the browser's.
 */
export function formatDateTime(value: string | number | Date | null | undefined, timeZone?: string): string {
  if (value == null || value === '') return '';
  const date = toDate(value);
  if (!date) return '';
  return new Intl.DateTimeFormat('ru-RU', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(date);
}

/** Date only in the Russian locale: '05.03.2024'. */
export function formatDate(value: string | number | Date | null | undefined, timeZone?: string): string {
  if (value == null || value === '') return '';
  const date = toDate(value);
  if (!date) return '';
  return new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone }).format(date);
}

/** GPSR dates: DD.MM.YYYY in UTC. */
export function formatDateUtc(value: string | number | Date | null | undefined): string {
  return formatDate(value, 'UTC');
}
