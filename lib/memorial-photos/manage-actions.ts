// The photos' controls of the family's management page and of the operator's dashboard: one
// form field `action` and the photo's id, to the use cases.
import { DomainError } from "@memorial/lib/errors";
import type { FamilyActor } from "@memorial/lib/memorials/family-actor";
import { parseId } from "@memorial/lib/validation";
import { publishPhoto, removePhoto } from "./moderate-photo";

/** The management page's photo actions (the `action` field of its forms). */
export const PHOTO_MANAGE_ACTIONS = ["photo-approve", "photo-remove"] as const;
export type PhotoManageAction = (typeof PHOTO_MANAGE_ACTIONS)[number];

export const isPhotoManageAction = (action: string): action is PhotoManageAction =>
  (PHOTO_MANAGE_ACTIONS as readonly string[]).includes(action);

export function photoManageAction(actor: FamilyActor, action: PhotoManageAction, photo: unknown) {
  const photoId = typeof photo === "string" ? parseId(photo) : null;
  if (photoId === null) throw new DomainError("INVALID_INPUT", "photo must be the id of a photo");
  return action === "photo-approve" ? publishPhoto(actor, photoId) : removePhoto(actor, photoId);
}
