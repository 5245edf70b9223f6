/** An API answer that was not a success, with the sentence the API gave in `detail`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

/** The API's `{detail}` sentence from an error body, or a plain one naming the status. */
export function detailOf(body: unknown, status: number): string {
  if (body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string') return body.detail;
  if (status === 0) return 'The server could not be reached. Check your connection and try again.';
  if (status >= 500) return `The server failed to answer (${status}). Try again in a moment.`;
  return `The request failed (${status}).`;
}

/** What a person reads for any failure: the API's sentence, or the error's message. */
export function messageOf(err: unknown): string {
  if (err instanceof ApiError) return err.detail;
  if (err instanceof Error) return err.message;
  return String(err);
}
