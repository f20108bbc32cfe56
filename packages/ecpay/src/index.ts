/*
 * @shiyi/ecpay — the ECPay (綠界) protocol: CheckMacValue, AIO payment (with 定期定額 management),
 * CVS logistics, the e-invoice AES envelope and the auto-submit form. It knows nothing of orders or
 * donations. The protocol is ECPay's own (its developer documents for AIO, logistics and
 * e-invoices); the tests hold its published test vectors.
 */
export {
  checkMacValueSource,
  computeCheckMacValue,
  dotNetUrlEncode,
  signFields,
  verifyCheckMacValue,
  type CheckMacAlgorithm,
  type EcpayFields,
  type HashKeys,
} from "./check-mac-value.ts";
export {
  ecpayEndpoints,
  ecpayModeSchema,
  ecpayModes,
  stageCredentials,
  type EcpayCredentials,
  type EcpayEndpoints,
  type EcpayHosts,
  type EcpayMode,
} from "./environments.ts";
export {
  formFields,
  formatTaipeiDateTime,
  okReply,
  parseStatusReply,
  responseFields,
  type EcpayRequest,
  type Parsed,
  type StatusReply,
} from "./fields.ts";
export {
  aioCheckoutSchema,
  buildAioCheckout,
  buildQueryTradeInfo,
  parsePaymentInfo,
  parsePaymentResult,
  parsePeriodicResult,
  parseQueryTradeInfo,
  periodicLimits,
  personalMemberAmountLimits,
  type AioCheckoutInput,
  type AioConfig,
  type PaymentInfo,
  type PaymentResult,
  type PeriodicResult,
  type TradeInfo,
} from "./aio.ts";
export {
  buildCreditCardPeriodAction,
  buildQueryCreditCardPeriodInfo,
  creditCardPeriodActions,
  parseCreditCardPeriodActionReply,
  parseCreditCardPeriodInfo,
  type CreditCardPeriodAction,
  type CreditCardPeriodActionReply,
  type CreditCardPeriodInfo,
  type PeriodInfoParsed,
} from "./periodic.ts";
export {
  b2cSubTypes,
  buildCreateShipment,
  buildStoreMap,
  c2cSubTypes,
  createShipmentSchema,
  cvsStoreId,
  logisticsSubType,
  parseCreateShipmentReply,
  parseLogisticsStatus,
  parseStoreMapReply,
  personName,
  storeMapSchema,
  type CreateShipmentInput,
  type LogisticsConfig,
  type LogisticsSubType,
  type Shipment,
  type StoreMapInput,
  type StoreSelection,
} from "./logistics.ts";
export {
  buildInvoiceRequest,
  decryptInvoiceData,
  encryptInvoiceData,
  getIssueData,
  parseGetIssueResponse,
  parseInvoiceResponse,
  parseIssueInvoiceResponse,
  phpUrlDecode,
  phpUrlEncode,
  type InvoiceParsed,
  type InvoiceRequest,
  type InvoiceResponse,
  type IssuedInvoice,
  type QueriedInvoice,
} from "./invoice.ts";
export { escapeHtml, renderAutoSubmitForm, type AutoSubmitFormOptions } from "./form.ts";
