import type { Server } from "node:http";
import type { ServerType } from "@hono/node-server";
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";

/** Node's parser error codes and the status each gets (Node's own choice, as its default handler makes). */
const statusOfParserError: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
};

const explanation: Record<number, string> & { 400: string } = {
  400: "請求格式不正確，請確認網址後再試一次",
  408: "請求逾時，請重新整理頁面",
  413: "送出的內容過大",
  431: "請求標頭過大，請清除此網站的 Cookie 後再試一次",
};

/**
 * A request Node's HTTP parser refuses (bytes a URL may not hold, headers past 16 KB, a request
 * that never finished) never reaches the app: Node answers it with a bare status and no body. This
 * answers it as the app would, in zh-TW plain text, with the status Node chose, and closes the
 * connection (the parser cannot go on past the error).
 */
export function answerClientErrors(server: ServerType) {
  (server as Server).on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    // Nothing to answer to: the client is gone, or a response is already under way.
    if (
      error.code === "ECONNRESET" ||
      !socket.writable ||
      (socket as { _httpMessage?: unknown })._httpMessage
    ) {
      socket.destroy();
      return;
    }
    const status = statusOfParserError[error.code ?? ""] ?? 400;
    const body = explanation[status] ?? explanation[400];
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        "Content-Type: text/plain; charset=utf-8\r\n" +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        "Connection: close\r\n\r\n" +
        body,
    );
  });
}
