import { signFields, type EcpayCredentials } from "@shiyi/ecpay";

/**
 * A PaymentInfoURL notice as ECPay signs it: an ATM account issued for the trade of an AIO form
 * (its MerchantID, MerchantTradeNo and TotalAmount), payable until 2099/11/26.
 */
export function atmAccountIssued(
  fields: Record<string, string>,
  credentials: EcpayCredentials,
  account: { vAccount: string; tradeNo: string },
) {
  return signFields(
    {
      MerchantID: fields.MerchantID!,
      MerchantTradeNo: fields.MerchantTradeNo!,
      StoreID: "",
      RtnCode: "2",
      RtnMsg: "Get VirtualAccount Succeeded",
      TradeNo: account.tradeNo,
      TradeAmt: fields.TotalAmount!,
      PaymentType: "ATM_TAISHIN",
      TradeDate: "2026/11/23 12:00:00",
      BankCode: "812",
      vAccount: account.vAccount,
      ExpireDate: "2099/11/26",
      CustomField1: "",
      CustomField2: "",
      CustomField3: "",
      CustomField4: "",
    },
    credentials,
    "sha256",
  );
}
