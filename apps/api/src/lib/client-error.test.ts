import { createServer, type Server } from "node:http";
import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerClientErrors } from "./client-error.ts";

/** Sends raw bytes and reads the whole answer (the server closes the connection after an error). */
function exchange(port: number, request: string | Buffer) {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    socket.on("error", reject);
  });
}

describe("answerClientErrors", () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((_request, response) => response.end("ok"));
    answerClientErrors(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers a URL with raw bytes a URL may not hold with a 400 in zh-TW", async () => {
    const request = Buffer.concat([
      Buffer.from("GET /search?q="),
      Buffer.from("\x01", "latin1"),
      Buffer.from(" HTTP/1.1\r\nHost: x\r\n\r\n"),
    ]);
    const answer = await exchange(port, request);
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toContain("Content-Type: text/plain; charset=utf-8");
    expect(answer.split("\r\n\r\n")[1]).toBe("請求格式不正確，請確認網址後再試一次");
  });

  it("answers headers past Node's limit with a 431 that says what to do", async () => {
    const answer = await exchange(port, `GET / HTTP/1.1\r\nHost: x\r\nCookie: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    const body = answer.split("\r\n\r\n")[1] ?? "";
    expect(body).toBe("請求標頭過大，請清除此網站的 Cookie 後再試一次");
    expect(answer).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
  });

  it("answers a URL past that limit with a 414 about the URL, not the cookies", async () => {
    for (const length of [20_000, 70_000]) {
      const answer = await exchange(port, `GET /search?q=${"a".repeat(length)} HTTP/1.1\r\nHost: x\r\n\r\n`);
      expect(answer).toMatch(/^HTTP\/1\.1 414 URI Too Long\r\n/);
      expect(answer.split("\r\n\r\n")[1]).toBe("網址過長，請縮短網址（或搜尋的文字）後再試一次");
    }
    // A long URL with headers past the limit too: the headers are still the ones to shorten.
    const both = await exchange(
      port,
      `GET /${"a".repeat(4_000)} HTTP/1.1\r\nHost: x\r\nCookie: ${"b".repeat(20_000)}\r\n\r\n`,
    );
    expect(both).toMatch(/^HTTP\/1\.1 431 /);
  });

  it("leaves good requests to the app", async () => {
    const answer = await exchange(port, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer.endsWith("ok")).toBe(true);
  });
});
