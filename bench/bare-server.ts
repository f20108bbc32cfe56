/**
 * The "bare React Router route" server: the build of bench/bare-app behind a bare `node:http`
 * server and `createRequestListener` from @react-router/node (the same adapter family the site
 * uses: IncomingMessage → Request → React Router's request handler → ServerResponse).
 *
 * Usage: node bench/bare-server.ts <port>
 */
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { createRequestListener } from "@react-router/node";
import type { ServerBuild } from "react-router";

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) throw new Error("usage: node bench/bare-server.ts <port>");

const build = (await import(
  new URL("./bare-app/build/server/index.js", import.meta.url).href
)) as ServerBuild;
const listener = createRequestListener({ build, mode: "production" });
const assetsDir = new URL("./bare-app/build/client/assets/", import.meta.url);
const server = createServer((request, response) => {
  // The built JS, for the JS-per-page reference row; every other path goes to React Router.
  const asset = /^\/assets\/([\w.-]+\.(?:js|css))$/.exec(request.url ?? "")?.[1];
  if (!asset) return void listener(request, response);
  readFile(new URL(asset, assetsDir)).then(
    (body) => {
      const type = asset.endsWith(".js") ? "text/javascript" : "text/css";
      response.writeHead(200, { "content-type": type, "content-length": body.length }).end(body);
    },
    () => response.writeHead(404).end(),
  );
});
server.keepAliveTimeout = 30_000;
server.listen(port, "127.0.0.1", () => process.stdout.write(`bare React Router route on ${port}\n`));

const stop = () => server.close(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
