export type { RenderedMail } from "./layout.ts";
export { accountDeletedMail, type AccountDeletedData } from "./account-deleted.ts";
export { confirmDeletionMail, type ConfirmDeletionData } from "./confirm-deletion.ts";
export { confirmEmailChangeMail, type ConfirmEmailChangeData } from "./confirm-email-change.ts";
export { emailChangedMail, type EmailChangedData } from "./email-changed.ts";
export { emailChangeRequestedMail, type EmailChangeRequestedData } from "./email-change-requested.ts";
export { passwordChangedMail, type PasswordChangedData } from "./password-changed.ts";
export { passwordResetMail, type PasswordResetData } from "./password-reset.ts";
export { verifyEmailMail, type VerifyEmailData } from "./verify-email.ts";
export { welcomeMail, type WelcomeData } from "./welcome.ts";
export { orderConfirmationMail, orderViewUrl, type OrderConfirmationData } from "./order-confirmation.ts";
export {
  donationCancelledMail,
  donationDeclinedMail,
  donationStoppedMail,
  donationThanksMail,
} from "./donation.ts";
export { paymentCodeMail, type PaymentCodeData } from "./payment-code.ts";
export { outOfStockMail, type OutOfStockData } from "./out-of-stock.ts";
export { paymentFailedMail, type PaymentFailedData } from "./payment-failed.ts";
export { parcelArrivedMail, type ParcelArrivedData } from "./parcel-arrived.ts";
export {
  duplicatePaymentMail,
  duplicatePaymentNoticeMail,
  type DuplicatePaymentData,
} from "./duplicate-payment.ts";
export { contactCopyMail, contactInboxMail, type ContactMailData } from "./contact.ts";
export { newsletterConfirmMail, type NewsletterConfirmData } from "./newsletter.ts";
