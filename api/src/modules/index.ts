import type { FastifyPluginAsync } from 'fastify';
import catalogueRoutes from './license/product/routes';
import contactRoutes from './user/contact-us/routes';
import dataSourceRoutes from './user/ds/routes';
import freshdeskRoutes from './user/freshdesk-api-key/routes';
import healthRoutes from './health/routes';
import licenseRoutes from './license/routes';
import paypalAuthRoutes from './user/paypal/routes';
import portalRoutes from './portal/routes';
import profileRoutes from './user/profile/routes';
import subscriptionRoutes from './subscription/routes';
import subUserRoutes from './user/subusers/routes';
import tokenRoutes from './user/token/routes';
import userRoutes from './user/routes';

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
  { folder: 'subscription', plugin: subscriptionRoutes },
  { folder: 'user/ds', plugin: dataSourceRoutes },
  { folder: 'license/product', plugin: catalogueRoutes },
  { folder: 'license', plugin: licenseRoutes },
];
