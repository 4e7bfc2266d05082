// The guestbook's controls of the family's management page: one form field `action`
// (web/public-pages/manage-guestbook.ts), its entry or mode, to the use cases.
import { DomainError } from "@memorial/lib/errors";
import type { FamilyActor } from "@memorial/lib/memorials/family-actor";
import { parseId } from "@memorial/lib/validation";
import { moderateGuestbookEntry } from "./moderate-entry";
import { isGuestbookMode, setGuestbookMode } from "./set-mode";

export async function guestbookManageAction(actor: FamilyActor, action: string, form: FormData) {
  if (action === "guestbook-mode") {
    const mode = form.get("mode");
    if (!isGuestbookMode(mode))
      throw new DomainError("INVALID_INPUT", "mode must be open, approval or closed");
    return setGuestbookMode(actor, mode);
  }
  const entry = form.get("entry");
  const entryId = typeof entry === "string" ? parseId(entry) : null;
  if (entryId === null) throw new DomainError("INVALID_INPUT", "entry must be the id of a guestbook message");
  switch (action) {
    case "guestbook-approve":
      return moderateGuestbookEntry(actor, entryId, "approve");
    case "guestbook-hide":
      return moderateGuestbookEntry(actor, entryId, "hide");
    case "guestbook-delete":
      // Cannot be undone: only with the form's confirmation ticked.
      if (form.get("confirm") !== "yes") {
        throw new DomainError("INVALID_INPUT", "deleting a message must be confirmed (confirm=yes)");
      }
      return moderateGuestbookEntry(actor, entryId, "delete");
    default:
      throw new DomainError("INVALID_INPUT", `unknown action ${action}`);
  }
}
