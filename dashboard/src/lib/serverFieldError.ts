import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/**
 * Puts a 400 or 409 that names one of the form's fields (`{message, field}`: a bad value, a taken username) under that
 * field, as the form's own checks do.
 * Returns whether it did; the caller still decides its toast.
 */
export function showServerFieldError<T extends FieldValues>(
  error: unknown,
  fields: ReadonlyArray<Path<T>>,
  setError: UseFormSetError<T>,
): boolean {
  if (
    !(error instanceof ApiError) ||
    (error.status !== 400 && error.status !== 409) ||
    !error.field ||
    !error.serverMessage
  )
    return false;
  const field = fields.find((name) => name === error.field);
  if (field === undefined) return false;
  setError(field, { type: 'server', message: error.serverMessage }, { shouldFocus: true });
  return true;
}
