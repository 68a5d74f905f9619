/** An error with an HTTP status and the slug of the `{ message, slug }` error body. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly slug: string,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (slug: string, message: string) => new HttpError(404, slug, message);
export const badRequest = (slug: string, message: string) => new HttpError(400, slug, message);
export const forbidden = (slug: string, message: string) => new HttpError(403, slug, message);
export const conflict = (slug: string, message: string) => new HttpError(409, slug, message);
