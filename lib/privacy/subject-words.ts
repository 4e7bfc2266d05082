// The words of the places where a person's data is held (lib/privacy/subject-find.ts SUBJECT_SOURCES)
// and of their fields, in the reader's language (the catalogues' subjectSources.* and subjectFields.*),
// for the dashboard's privacy page: never a table or column name. Every source has its words (a test
// holds SUBJECT_SOURCES and this map together).
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";

/** The catalogue word of each source, by its key. */
export const SOURCE_WORDS = {
  "family.email": "familyEmail",
  "reminder_subscription.email": "reminderEmail",
  "visitor_planting.email": "visitorPlantingEmail",
  "tree (a visitor's words)": "visitorTreeWords",
  "guestbook_entry (a visitor's words)": "visitorGuestbookWords",
  "queued_planting (a visitor's words)": "visitorQueuedWords",
  "outgoing_email.to_address (not sent)": "emailNotSent",
  "outgoing_email.to_address (sent)": "emailSent",
  "operator_user.email": "userEmail",
  "operator_invitation.email": "invitationEmail",
  "sign_in_failure.email": "signInFailure",
  "tree_history.recorded_by": "treeRecordedBy",
  "tree_move.moved_by": "treeMovedBy",
  "memorial_duplicate.decided_by": "duplicateDecidedBy",
  "memorial_merge.merged_by": "mergeMergedBy",
  "memorial_merge.undone_by": "mergeUndoneBy",
  "family.name": "familyName",
  "tree.planter": "treePlanter",
  "confirmation_token.planter": "confirmationPlanter",
  "queued_planting.planter": "queuedPlanter",
  "visitor_planting.planter": "visitorPlanter",
  "guestbook_entry.author_name": "guestbookAuthor",
  "memorial_photo.author_name": "photoAuthor",
  "domain_event (a waiting planting's planter)": "waitingPlanter",
  "tree.planted_by": "treePlantedBy",
  "tree_history.planted_by": "treeHistoryPlantedBy",
} as const;

/** The catalogue word of each field that holds personal data. */
export const FIELD_WORDS = [
  "email",
  "name",
  "planter",
  "message",
  "author_name",
  "caption",
  "to_address",
  "text",
  "html",
  "payload",
  "planted_by",
  "recorded_by",
  "moved_by",
  "decided_by",
  "merged_by",
  "undone_by",
] as const;

export interface SubjectWords {
  sources: Record<string, string>;
  fields: Record<string, string>;
}

/** The words of every source and field in `language`. */
export function subjectWords(language: Language): SubjectWords {
  const source = translator(language, "subjectSources");
  const field = translator(language, "subjectFields");
  return {
    sources: Object.fromEntries(Object.entries(SOURCE_WORDS).map(([key, word]) => [key, source(word)])),
    fields: Object.fromEntries(FIELD_WORDS.map((name) => [name, field(name)])),
  };
}
