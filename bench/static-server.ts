/**
 * Bare `node:http` answering every request with the same bytes (the article page's HTML, saved by
 * bench/run.ts): the ceiling of what Node's HTTP server does on this machine with a page that size.
 *
 * Usage: node bench/static-server.ts <port> <file>
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const port = Number(process.argv[2]);
const file = process.argv[3];
if (!Number.isInteger(port) || port <= 0 || !file)
  throw new Error("usage: node bench/static-server.ts <port> <file>");

const body = readFileSync(file);
const server = createServer((_request, response) => {
  response.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
  response.end(body);
});
server.keepAliveTimeout = 30_000;
server.listen(port, "127.0.0.1", () => process.stdout.write(`bare node:http on ${port}\n`));

const stop = () => server.close(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
