// Subscriptions and their billing events (this module alone writes both tables): the banner's pending overage and
// cancelling (its routes); what the billing jobs read and record; what a purchase, a renewal or an overage approval
// does to a subscription; and ending an account's subscriptions at the payment provider.
export { default, subscriptionIdParams } from './routes';
export {
  assignOverageInvoice,
  attachRenewalInvoice,
  claimRenewal,
  createSubscription,
  createSubscriptionUnlessLive,
  endCancelledSubscriptions,
  endRefundedSubscription,
  ensureRenewalEvent,
  expireUnpaidSubscriptions,
  extendSubscriptionPeriod,
  findLiveSubscription,
  findOwnedSubscription,
  findRenewalByProviderRef,
  findRenewalEvent,
  findSubscriptionOfLicense,
  listDueRenewals,
  listMeteredSubscriptions,
  lockOwnedSubscription,
  lockSubscriptionByProviderRef,
  markCancelledByProvider,
  markRenewalDone,
  markRenewalFailed,
  markRenewalNotified,
  pendingOverageEvents,
  recordOverage,
  releaseRenewal,
  setOverageApprovalUrl,
  setSubscriptionPeriodEnd,
  settleOverageEvents,
  settlePaidRenewals,
  type BillingEventRow,
  type DueRenewal,
} from './repository';
export {
  applyPlanToSubscription,
  confirmProviderApproval,
  lockLiveSubscriptionOfPlugin,
  setProviderApproval,
  setScheduledPlanChange,
  type LiveSubscriptionOfPlugin,
} from './plan-change-repository';
export { cancelEndedAtProvider, cancelSubscriptionsAtProvider, SubscriptionCancelError } from './provider-cancel';
