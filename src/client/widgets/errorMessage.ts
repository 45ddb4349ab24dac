/** The text of a failed call (spec 8: the server msg is shown), translated when it is a key. */
export function errorMessage(error: unknown, fallback = 'ra.notification.http_error'): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}
