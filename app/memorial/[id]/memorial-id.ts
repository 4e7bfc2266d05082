/** The memorial id of the URL, or null when it is not a positive 32-bit integer. */
export function parseMemorialId(value: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}
