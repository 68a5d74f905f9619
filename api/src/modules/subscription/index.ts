// Subscriptions: pending overage for the banner and approval; what the billing jobs read and record.
export { default } from './routes';
export {
  endCancelledSubscriptions,
  expireUnpaidSubscriptions,
  listDueRenewals,
  listMeteredSubscriptions,
  recordOverage,
  settlePaidRenewals,
  type DueRenewal,
} from './repository';
export { renewSubscription, renewalPeriodKey, type RenewalOutcome, type StepHook } from './service';
export { cancelSubscriptionsAtProvider, SubscriptionCancelError } from './provider-cancel';
