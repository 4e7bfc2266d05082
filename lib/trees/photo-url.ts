// The public address of a tree's photo: the one lib/photos' photoUrl(key, origin) gives
// (`${origin}/photos/${key}.jpg`, served by app/photos/[file]/route.ts). Kept here until lib/photos
// reaches main; then this delegates to it.
export function treePhotoUrl(key: string | null, origin: string): string | null {
  return key === null ? null : `${origin.replace(/\/+$/, "")}/photos/${key}.jpg`;
}
