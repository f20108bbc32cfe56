/*
 * @shiyi/ecpay/simulator — a local stand-in for ECPay's AIO payment, as a Hono app. A separate
 * entry point, so applications that only talk to ECPay do not load Hono.
 */
export {
  createEcpaySimulator,
  defaultRetryDelaysMs,
  simulatedFailureCode,
  type EcpaySimulatorOptions,
} from "./simulator.ts";
