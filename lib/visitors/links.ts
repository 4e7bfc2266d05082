// The address of a memorial's planting form (lib/visitors), the one link the card's QR
// code, the memorial page, the reminders and the receipts give to visitors.

/** The memorial's planting form, with a claim code filled in (the card's QR code) and a language. */
export function plantingFormUrl(
  linkBase: string,
  memorialId: number,
  code?: string,
  language?: string,
): string {
  const query = new URLSearchParams();
  if (language) query.set("lang", language);
  if (code) query.set("code", code);
  const search = query.toString();
  return `${linkBase.replace(/\/$/, "")}/memorial/${memorialId}/plant${search ? `?${search}` : ""}`;
}
