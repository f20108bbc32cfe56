/*
 * @shiyi/ecpay/simulator — a local stand-in for ECPay's AIO payment (定期定額 included), CVS
 * logistics and B2C e-invoice, as a Hono app. A separate entry point, so applications that only
 * talk to ECPay do not load Hono.
 */
export { invoiceFailure } from "./invoice.ts";
export { type LogisticsMerchant } from "./logistics.ts";
export { type MapPageStore } from "./page.ts";
export {
  describePeriod,
  maxPeriodicFailures,
  periodActionFailure,
  periodicTerms,
  type PeriodicTerms,
} from "./periodic.ts";
export {
  createEcpaySimulator,
  defaultRetryDelaysMs,
  simulatedFailureCode,
  type EcpaySimulatorOptions,
} from "./simulator.ts";
export { storeChainFor, type StoreChain } from "./stores.ts";
