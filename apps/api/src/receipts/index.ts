export { maxChineseCapitalAmount, toChineseCapitalAmount } from "./chinese-amount.ts";
export {
  defaultReceiptFont,
  loadReceiptFont,
  receiptFontFromEnv,
  type LoadedReceiptFont,
  type ReceiptFont,
} from "./font.ts";
export { renderReceiptPdfOffThread, stopReceiptWorker } from "./off-thread.ts";
export {
  formatReceiptAmount,
  formatReceiptDate,
  maskIdNumber,
  receiptGifts,
  receiptText,
  renderReceiptPdf,
  type PerGiftReceipt,
  type ReceiptDate,
  type ReceiptDocument,
  type ReceiptGiftLine,
  type ReceiptIssuer,
  type YearlyReceipt,
} from "./render.ts";
