import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Below this, a compressed copy saves less than its own framing and a lookup costs. */
const minimumBytes = 1024;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside each script and stylesheet of the browser
 * build, at the highest levels, which are too slow to spend on every request. The server sends them
 * as they are to browsers that accept them (`precompressed` in app.ts), instead of compressing a
 * file on each request: Brotli 11 is 13–15 % smaller than gzip for this code (the framework chunk
 * 92.9 KB against 107.7 KB), and the server spends nothing on it.
 */
export function precompressAssets(): Plugin {
  return {
    name: "shiyi:precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      const files = Object.keys(bundle).filter((name) => /\.(?:js|css)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir, name);
          const data = await readFile(file);
          if (data.byteLength < minimumBytes) return;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength,
              },
            }),
            gzipped(data, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}
