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
  414: "網址過長，請縮短網址（或搜尋的文字）後再試一次",
  431: "請求標頭過大，請清除此網站的 Cookie 後再試一次",
};

/** Node counts the request line with the headers; a line past half their 16 KB is the URL's fault. */
const longUrl = 8 * 1024;

/**
 * The status Node's parser error stands for. Headers past Node's limit are 431, unless the request
 * line alone is that long (the packet in which the parser gave up starts with a method and holds no
 * line break for 8 KB): then the URL is too long, 414, and clearing cookies would not help.
 */
function statusOf(error: NodeJS.ErrnoException & { rawPacket?: Buffer }) {
  const status = statusOfParserError[error.code ?? ""] ?? 400;
  const packet = error.rawPacket;
  if (status !== 431 || !packet || !/^[A-Z]+ \S/.test(packet.subarray(0, 16).toString("latin1")))
    return status;
  const lineEnd = packet.indexOf("\r\n");
  return (lineEnd === -1 ? packet.length : lineEnd) > longUrl ? 414 : status;
}

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
    const status = statusOf(error);
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
