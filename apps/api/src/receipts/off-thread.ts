import { Worker } from "node:worker_threads";
import type { ReceiptFont } from "./font.ts";
import type { ReceiptDocument } from "./render.ts";

/*
 * Setting a receipt takes about 100 ms of CPU, most of it subsetting the CJK font, in one
 * synchronous stretch: on the server's own thread every other request would wait behind it, and a
 * morning's batch of periodic charges (each mailed with its receipt) would stall the site for
 * seconds. Receipts are set on one worker thread instead, one at a time, in the order asked.
 * The worker starts with the first receipt and does not keep the process alive when idle.
 */

export type ReceiptJob = { id: number; receipt: ReceiptDocument; font: ReceiptFont };
export type ReceiptAnswer = { id: number; pdf: Uint8Array } | { id: number; error: unknown };

type Pending = { resolve: (pdf: Buffer) => void; reject: (error: unknown) => void };

const workerUrl = new URL("./worker.ts", import.meta.url);

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(error: unknown) {
  for (const job of pending.values()) job.reject(error);
  pending.clear();
}

function started(): Worker {
  if (worker) return worker;
  const thread = new Worker(workerUrl);
  thread.on("message", (answer: ReceiptAnswer) => {
    const job = pending.get(answer.id);
    if (!job) return;
    pending.delete(answer.id);
    if ("error" in answer) job.reject(answer.error);
    else job.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
    if (pending.size === 0) thread.unref();
  });
  // A worker that fails or stops takes its receipts with it; the next receipt starts a new one.
  thread.on("error", (error) => {
    if (worker === thread) worker = undefined;
    failAll(error);
  });
  thread.on("exit", (code) => {
    if (worker === thread) worker = undefined;
    failAll(new Error(`The receipt worker stopped (exit code ${code})`));
  });
  worker = thread;
  return thread;
}

/**
 * `renderReceiptPdf` on the receipt worker: the same PDF, without holding up the server's thread.
 * Rejects as `renderReceiptPdf` does (a missing font names RECEIPT_FONT_PATH).
 */
export function renderReceiptPdfOffThread(receipt: ReceiptDocument, font: ReceiptFont): Promise<Buffer> {
  const thread = started();
  const id = nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.ref();
    thread.postMessage({ id, receipt, font } satisfies ReceiptJob);
  });
}

/** Stops the receipt worker (tests, shutdown); receipts still being set are refused. */
export async function stopReceiptWorker(): Promise<void> {
  const thread = worker;
  worker = undefined;
  if (thread) await thread.terminate();
}
