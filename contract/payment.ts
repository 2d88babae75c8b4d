/** GET /api/stripe/payment-approval (spec §7): the fields the client reads. */
export interface PaymentApprovalResponse {
  success: boolean;
  has_payment_approval: boolean;
  has_payment_method: boolean;
  skip_payment_approval: boolean;
  original_payment_approval: boolean;
  /** A JSON-encoded object, or null. */
  payment_approval_meta: string | null;
  message?: string;
}
