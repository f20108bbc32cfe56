import { parentPort } from "node:worker_threads";
import type { ReceiptAnswer, ReceiptJob } from "./off-thread.ts";
import { renderReceiptPdf } from "./render.ts";

// The receipt worker (off-thread.ts): sets each receipt it is sent and sends the PDF back.
const port = parentPort;
if (!port) throw new Error("receipts/worker.ts runs as a worker thread (off-thread.ts)");

port.on("message", async ({ id, receipt, font }: ReceiptJob) => {
  let answer: ReceiptAnswer;
  try {
    const pdf = await renderReceiptPdf(receipt, font);
    answer = { id, pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength) };
  } catch (error) {
    answer = { id, error };
  }
  port.postMessage(answer);
});
