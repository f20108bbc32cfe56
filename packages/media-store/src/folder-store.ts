import { mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { contentTypeOf, isMediaKey, type MediaInfo, type MediaStore } from "./store.ts";

/** Pictures as files under one folder (`DATA_DIR/media` by default). */
export function folderStore(dir: string): MediaStore {
  const root = path.resolve(dir);
  const fileOf = (key: string) => (isMediaKey(key) ? path.join(root, ...key.split("/")) : undefined);

  async function info(key: string, file: string): Promise<MediaInfo | undefined> {
    const found = await stat(file).catch(() => undefined);
    if (!found?.isFile()) return undefined;
    return {
      contentType: contentTypeOf(key),
      size: found.size,
      modified: found.mtime,
      etag: `"${found.size.toString(16)}-${Math.trunc(found.mtimeMs).toString(16)}"`,
    };
  }

  return {
    kind: "folder",
    remote: false,
    // A folder not there yet is made by the first picture written.
    probe: async () => {},
    async stat(key) {
      const file = fileOf(key);
      return file ? info(key, file) : undefined;
    },
    async read(key) {
      const file = fileOf(key);
      const found = file ? await info(key, file) : undefined;
      if (!file || !found) return undefined;
      const body = await readFile(file).catch(() => undefined);
      return body ? { ...found, size: body.byteLength, body: new Uint8Array(body) } : undefined;
    },
    async write(key, body) {
      const file = fileOf(key);
      if (!file) throw new Error(`not a media key: ${JSON.stringify(key)}`);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside and renamed, so that a reader never meets half a picture.
      const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`;
      await writeFile(partial, body);
      await rename(partial, file);
    },
  };
}
