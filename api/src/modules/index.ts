import type { FastifyPluginAsync } from 'fastify';
import jobRoutes from '../jobs/routes';
import accountDeletionRoutes from './account-deletion';
import avvRoutes, { avvProfileRoutes } from './avv';
import catalogueRoutes from './license/product';
import licenseCheckRoutes from './license/check';
import licenseRegistrationRoutes from './license/registrations';
import licenseUsageRoutes from './license/usage';
import contactRoutes from './user/contact-us';
import dataSourceRoutes from './user/ds';
import freshdeskRoutes from './user/freshdesk-api-key';
import gpsrRoutes from './gpsr';
import healthRoutes from './health';
import invoiceRoutes from './invoice';
import licenseRoutes, { accountLicensedPlugins } from './license';
import lieferbarRoutes from './wawi/lieferbar';
import paypalAuthRoutes from './user/paypal';
import { portalRoutes } from './portal';
import profileRoutes from './user/profile';
import { subscriptionPriceRoutes, paymentRoutes, purchaseInvoiceRoutes } from './purchase';
import staffRoutes from './staff';
import subscriptionRoutes from './subscription';
import subUserRoutes from './user/subusers';
import tokenRoutes from './user/token';
import userRoutes from './user';

/**
 * One plugin of routes and where it is served. The URL prefix is usually the path of the module's folder
 * (modules/user/profile serves /api/user/profile/…), but not always: a module serves routes under another module's
 * prefix where the portal's URL names that module and the code belongs above it. Taking them into the lower module
 * would make the two import each other. So the purchase module serves POST /invoice, /invoice/{id}/payment-check,
 * /payment/* and /subscription/{id}/overage/approve; the avv module its acceptance under /user/profile; the account
 * deletion DELETE /user; and the jobs their staff run routes under /subscription.
 */
export interface ApiModule {
  /** The folder under api/src that holds the plugin: modules/<module>, or jobs (checked by modules.test.ts). */
  folder: string;
  /** The URL prefix under /api. */
  prefix: string;
  plugin: FastifyPluginAsync;
}

/** The URL prefix under /api of a plugin. */
export const prefixOf = (mod: Pick<ApiModule, 'prefix'>) => `/${mod.prefix}`;

/** A module's plugin, served under its folder's path unless `prefix` names another. */
const routes = (module: string, plugin: FastifyPluginAsync, prefix = module): ApiModule => ({
  folder: `modules/${module}`,
  prefix,
  plugin,
});

/**
 * Every plugin of routes, registered in this order by buildApp(). Add new modules here. Plugins that share a prefix
 * stand together, the lower module's first.
 */
export const apiModules: ApiModule[] = [
  routes('health', healthRoutes),
  routes('user', userRoutes),
  routes('account-deletion', accountDeletionRoutes, 'user'),
  routes('user/profile', profileRoutes),
  routes('avv', avvProfileRoutes, 'user/profile'),
  routes('user/subusers', subUserRoutes),
  routes('user/contact-us', contactRoutes),
  routes('user/token', tokenRoutes),
  routes('user/paypal', paypalAuthRoutes),
  routes('user/freshdesk-api-key', freshdeskRoutes),
  routes('portal', portalRoutes(accountLicensedPlugins)),
  routes('staff', staffRoutes),
  routes('subscription', subscriptionRoutes),
  routes('purchase', subscriptionPriceRoutes, 'subscription'),
  { folder: 'jobs', prefix: 'subscription', plugin: jobRoutes },
  routes('user/ds', dataSourceRoutes),
  routes('license/product', catalogueRoutes),
  routes('license', licenseRoutes),
  routes('license/check', licenseCheckRoutes),
  routes('license/usage', licenseUsageRoutes),
  routes('license/registrations', licenseRegistrationRoutes),
  routes('wawi/lieferbar', lieferbarRoutes),
  routes('gpsr', gpsrRoutes),
  routes('purchase', paymentRoutes, 'payment'),
  routes('invoice', invoiceRoutes),
  routes('purchase', purchaseInvoiceRoutes, 'invoice'),
  routes('avv', avvRoutes),
];
