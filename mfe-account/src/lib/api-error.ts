/** Reads `{ status, slug, message }` from whatever the shell's http client threw (ApiError or a plain Error). */
export interface ApiErrorLike {
  status?: number;
  slug?: string;
  message?: string;
}

export function readApiError(error: unknown): ApiErrorLike {
  if (error && typeof error === 'object') {
    const e = error as Record<string, unknown>;
    return {
      status: typeof e.status === 'number' ? e.status : undefined,
      slug: typeof e.slug === 'string' ? e.slug : undefined,
      message: typeof e.message === 'string' && e.message.trim() !== '' ? e.message : undefined,
    };
  }
  return {};
}
