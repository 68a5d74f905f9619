import type { FastifyPluginAsync } from 'fastify';
import avvRoutes from './avv';
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
import licenseRoutes from './license';
import lieferbarRoutes from './wawi/lieferbar';
import paymentRoutes from './payment';
import paypalAuthRoutes from './user/paypal';
import portalRoutes from './portal';
import profileRoutes from './user/profile';
import staffRoutes from './staff';
import subscriptionRoutes from './subscription';
import subUserRoutes from './user/subusers';
import tokenRoutes from './user/token';
import userRoutes from './user';

export interface ApiModule {
  /** Folder under modules/ = URL prefix under /api (checked by modules.test.ts). */
  folder: string;
  plugin: FastifyPluginAsync;
}

/** The URL prefix under /api of a module: its folder path. */
export const prefixOf = (mod: Pick<ApiModule, 'folder'>) => `/${mod.folder}`;

/** Every route module, registered in this order by buildApp(). Add new modules here. */
export const apiModules: ApiModule[] = [
  { folder: 'health', plugin: healthRoutes },
  { folder: 'user', plugin: userRoutes },
  { folder: 'user/profile', plugin: profileRoutes },
  { folder: 'user/subusers', plugin: subUserRoutes },
  { folder: 'user/contact-us', plugin: contactRoutes },
  { folder: 'user/token', plugin: tokenRoutes },
  { folder: 'user/paypal', plugin: paypalAuthRoutes },
  { folder: 'user/freshdesk-api-key', plugin: freshdeskRoutes },
  { folder: 'portal', plugin: portalRoutes },
  { folder: 'staff', plugin: staffRoutes },
  { folder: 'subscription', plugin: subscriptionRoutes },
  { folder: 'user/ds', plugin: dataSourceRoutes },
  { folder: 'license/product', plugin: catalogueRoutes },
  { folder: 'license', plugin: licenseRoutes },
  { folder: 'license/check', plugin: licenseCheckRoutes },
  { folder: 'license/usage', plugin: licenseUsageRoutes },
  { folder: 'license/registrations', plugin: licenseRegistrationRoutes },
  { folder: 'wawi/lieferbar', plugin: lieferbarRoutes },
  { folder: 'gpsr', plugin: gpsrRoutes },
  { folder: 'payment', plugin: paymentRoutes },
  { folder: 'invoice', plugin: invoiceRoutes },
  { folder: 'avv', plugin: avvRoutes },
];
