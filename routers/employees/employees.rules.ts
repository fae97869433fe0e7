/** The employee code rules, pure (decisions §7): a hand-typed code's form, and the code a tenant's format gives a number. */

/** A hand-typed employee code: 1 to 50 of A-Z a-z 0-9 . _ - (the body rule of a hire). */
export const EMPLOYEE_CODE_PATTERN = /^[A-Za-z0-9._-]{1,50}$/;

/**
 * The code the tenant's ID format gives number `n`: the prefix, then `n` zero-padded to `digits`.
 * A number longer than `digits` is written in full, never truncated (EMP-10000 after EMP-9999).
 */
export function formatEmployeeCode(prefix: string, digits: number, n: number): string {
  return `${prefix}${String(n).padStart(digits, '0')}`;
}
