import { releaseExpiredOrders, type OrderDeps } from "./orders.ts";
import { resumeFulfilment } from "./payments.ts";

/**
 * Every `intervalMs`: lapses unpaid orders whose hold has run out, so stock comes back to the
 * shelves even when nobody places or reads an order, and finishes paid orders whose shipment,
 * e-invoice or confirmation mail was cut short. Every instance may run one: both passes claim each
 * order with a conditional UPDATE, so no order is handled twice. A pass still running when the
 * next is due is not overlapped.
 */
export function startOrderSweeper(deps: OrderDeps, intervalMs = 60_000): () => void {
  const { db, logger } = deps;
  let running = false;
  const pass = async () => {
    const lapsed = await releaseExpiredOrders(db, new Date()).catch((error: unknown) => {
      logger.error({ err: error }, "reservation sweep failed");
      return [];
    });
    if (lapsed.length > 0) logger.info({ orders: lapsed }, "unpaid orders lapsed, stock returned");
    const resumed = await resumeFulfilment(deps, new Date()).catch((error: unknown) => {
      logger.error({ err: error }, "fulfilment sweep failed");
      return [];
    });
    if (resumed.length > 0) logger.info({ orders: resumed }, "paid orders' fulfilment resumed");
  };
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void pass().finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
