// Photos in a folder: <dir>/<first two digits of the key>/<key>.jpg (at most 256 entries per
// level, however many photos). Written to a temporary file in the same folder, flushed, then
// renamed: a reader (or a crash) never sees half a photo.
import { randomBytes } from "node:crypto";
import { mkdir, open, readFile, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { isPhotoKey } from "./prepare-photo";
import type { PhotoStorage } from "./storage";

export function directoryStorage(dir: string): PhotoStorage {
  const fileOf = (key: string) => {
    // The key becomes a file name: only the 32 hexadecimal digits of a photo's key (no "../").
    if (!isPhotoKey(key)) throw new Error(`not a photo key: ${JSON.stringify(key)}`);
    return path.join(dir, key.slice(0, 2), `${key}.jpg`);
  };
  return {
    location: dir,
    async put(key, body) {
      const file = fileOf(key);
      if (await exists(file)) return; // the same key is the same bytes
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        const handle = await open(temporary, "wx", 0o644);
        try {
          await handle.writeFile(body);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, file);
      } catch (error) {
        await unlink(temporary).catch(() => {});
        throw error;
      }
    },
    async get(key) {
      if (!isPhotoKey(key)) return null;
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isPhotoKey(key)) return;
      await unlink(fileOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
      });
    },
  };
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}
