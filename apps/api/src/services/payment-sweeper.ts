import { lapseUnpaidDonations, reconcilePeriodicGifts } from "./donations.ts";
import { releaseExpiredOrders, type OrderDeps } from "./orders.ts";
import { resumeFulfilment } from "./payments.ts";

/**
 * Every `intervalMs`, four passes over what ECPay's notices alone would leave undone:
 * - unpaid orders whose hold has run out lapse, so stock comes back to the shelves even when
 *   nobody places or reads an order;
 * - gifts left unpaid for three days lapse, and leave the donor's history;
 * - paid orders whose shipment, e-invoice or confirmation mail was cut short are finished;
 * - periodic gifts whose next charge is overdue are checked with ECPay (charges whose notice was
 *   lost, declines ECPay does not notify, schedules ECPay ended).
 * Every instance may run one: each pass claims an order or a gift with a conditional UPDATE, so
 * none is handled twice. A round still running when the next is due is not overlapped.
 */
export function startPaymentSweeper(deps: OrderDeps, intervalMs = 60_000): () => void {
  const { logger } = deps;
  const passes = [
    ["unpaid orders lapsed, stock returned", () => releaseExpiredOrders(deps.db, new Date())],
    ["unpaid gifts lapsed", () => lapseUnpaidDonations(deps.db, new Date())],
    ["paid orders' fulfilment resumed", () => resumeFulfilment(deps, new Date())],
    ["periodic gifts reconciled with ECPay", () => reconcilePeriodicGifts(deps, new Date())],
  ] as const;
  let running = false;
  const round = async () => {
    for (const [done, pass] of passes) {
      try {
        const numbers = await pass();
        if (numbers.length > 0) logger.info({ numbers }, done);
      } catch (error) {
        logger.error({ err: error }, `payment sweep failed: ${done}`);
      }
    }
  };
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void round().finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
