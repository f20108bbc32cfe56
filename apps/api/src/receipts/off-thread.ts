import { Worker } from "node:worker_threads";
import type { ReceiptFont } from "./font.ts";
import type { ReceiptDocument } from "./render.ts";

/*
 * Setting a receipt takes about 100 ms of CPU, most of it subsetting the CJK font, in one
 * synchronous stretch: on the server's own thread every other request would wait behind it, and a
 * morning's batch of periodic charges (each mailed with its receipt) would stall the site for
 * seconds. Receipts are set on one worker thread instead, one at a time, in the order asked.
 * The worker starts with the first receipt and does not keep the process alive when idle. A worker
 * that fails, stops or takes too long is ended with the receipts it holds (they are refused), and
 * the next receipt starts a new one.
 */

export type ReceiptJob = { id: number; receipt: ReceiptDocument; font: ReceiptFont };
export type ReceiptAnswer = { id: number; pdf: Uint8Array } | { id: number; error: unknown };

/** Far past any receipt's time (a year's gifts take well under a second): the worker is stuck. */
const jobTimeoutMs = 30_000;

type Pending = { resolve: (pdf: Buffer) => void; reject: (error: unknown) => void; timer: NodeJS.Timeout };

/** A worker and the receipts it was given, which are its own to answer or to fail. */
type ReceiptThread = { worker: Worker; pending: Map<number, Pending>; ended: boolean };

const workerUrl = new URL("./worker.ts", import.meta.url);

let current: ReceiptThread | undefined;
let nextId = 1;

function end(thread: ReceiptThread, error: unknown): Promise<number> | undefined {
  if (thread.ended) return undefined;
  thread.ended = true;
  if (current === thread) current = undefined;
  for (const job of thread.pending.values()) {
    clearTimeout(job.timer);
    job.reject(error);
  }
  thread.pending.clear();
  return thread.worker.terminate();
}

function settle(thread: ReceiptThread, id: number) {
  const job = thread.pending.get(id);
  if (!job) return undefined;
  thread.pending.delete(id);
  clearTimeout(job.timer);
  if (thread.pending.size === 0) thread.worker.unref();
  return job;
}

function started(): ReceiptThread {
  if (current) return current;
  const thread: ReceiptThread = { worker: new Worker(workerUrl), pending: new Map(), ended: false };
  thread.worker.on("message", (answer: ReceiptAnswer) => {
    const job = settle(thread, answer.id);
    if (!job) return;
    if ("error" in answer) job.reject(answer.error);
    else job.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
  });
  thread.worker.on("error", (error) => void end(thread, error));
  thread.worker.on(
    "exit",
    (code) => void end(thread, new Error(`The receipt worker stopped (exit code ${code})`)),
  );
  current = thread;
  return thread;
}

/**
 * `renderReceiptPdf` on the receipt worker: the same PDF, without holding up the server's thread.
 * Rejects as `renderReceiptPdf` does (a missing font names RECEIPT_FONT_PATH), and when the worker
 * fails or takes longer than any receipt could.
 */
export function renderReceiptPdfOffThread(receipt: ReceiptDocument, font: ReceiptFont): Promise<Buffer> {
  const thread = started();
  const id = nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    const timer = setTimeout(
      () => void end(thread, new Error(`The receipt worker took over ${jobTimeoutMs / 1000} s`)),
      jobTimeoutMs,
    );
    timer.unref();
    thread.pending.set(id, { resolve, reject, timer });
    thread.worker.ref();
    try {
      thread.worker.postMessage({ id, receipt, font } satisfies ReceiptJob);
    } catch (error) {
      settle(thread, id);
      reject(error);
    }
  });
}

/** Stops the receipt worker (tests, shutdown); receipts still being set are refused. */
export async function stopReceiptWorker(): Promise<void> {
  if (current) await end(current, new Error("The receipt worker was stopped"));
}
