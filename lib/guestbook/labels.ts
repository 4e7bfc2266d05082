// The words of a guestbook's modes and of its messages' statuses (catalogue keys of namespace
// "guestbook"), one table for the family's management page (web/public-pages/manage-guestbook.ts)
// and the operator's dashboard (components/dashboard/guestbook-panel.tsx).
import type { GuestbookStatus } from "@memorial/lib/db/generated/enums";
import type { KeyIn } from "@memorial/lib/i18n/translate";
import type { GuestbookMode } from "./set-mode";

export const GUESTBOOK_MODE_LABEL = {
  open: "modeOpen",
  approval: "modeApproval",
  closed: "modeClosed",
} as const satisfies Record<GuestbookMode, KeyIn<"guestbook">>;

export const GUESTBOOK_STATUS_LABEL = {
  pending: "statusPending",
  published: "statusPublished",
  hidden: "statusHidden",
} as const satisfies Record<GuestbookStatus, KeyIn<"guestbook">>;
