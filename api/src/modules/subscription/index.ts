// Subscriptions: pending overage for the banner and approval; what the billing jobs read and record.
export { default } from './routes';
export { listMeteredSubscriptions, recordOverage, type MeteredSubscription } from './repository';
export {
  endCancelledSubscriptions,
  expireUnpaidSubscriptions,
  listDueRenewals,
  settlePaidRenewals,
  type DueRenewal,
} from './renewal-repository';
export { renewSubscription, renewalPeriodKey, type RenewalOutcome, type StepHook } from './renewal';
