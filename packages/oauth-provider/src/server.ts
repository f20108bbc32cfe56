import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import type { Hono } from "hono";
import { createLocalOAuthProvider, type LocalOAuthProviderOptions } from "./provider.ts";

export type LocalOAuthServer = {
  /** The provider's base address, e.g. `http://127.0.0.1:41234`; flavours live under `/google` and so on. */
  url: string;
  port: number;
  app: Hono;
  close(): Promise<void>;
};

/** Serves the provider on its own port of the loopback interface (0 picks a free one), for tests and tools. */
export async function startLocalOAuthProvider({
  port = 0,
  ...options
}: LocalOAuthProviderOptions & { port?: number } = {}): Promise<LocalOAuthServer> {
  const host = "127.0.0.1";
  const app = createLocalOAuthProvider(options);
  const server = createAdaptorServer({ fetch: app.fetch });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${bound}`,
    port: bound,
    app,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Keep-alive connections of fetch() would otherwise hold close() open.
        if ("closeAllConnections" in server) server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
