// The public address of a tree's photo, or null when it has none (lib/photos serves it).
import { photoUrl } from "@memorial/lib/photos/photos";

export function treePhotoUrl(key: string | null, origin: string): string | null {
  return key === null ? null : photoUrl(key, origin);
}
