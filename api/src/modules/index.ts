import type { FastifyPluginAsync } from 'fastify';
import catalogueRoutes from './catalogue/routes';
import contactRoutes from './contact/routes';
import dataSourceRoutes from './datasource/routes';
import freshdeskRoutes from './freshdesk/routes';
import healthRoutes from './health/routes';
import licenseRoutes from './license/routes';
import paypalAuthRoutes from './paypal-auth/routes';
import portalRoutes from './portal/routes';
import profileRoutes from './profile/routes';
import subscriptionRoutes from './subscription/routes';
import subUserRoutes from './subusers/routes';
import tokenRoutes from './token/routes';
import userRoutes from './user/routes';

export interface ApiModule {
  name: string;
  /** Mounted under `/api` + prefix. */
  prefix: string;
  plugin: FastifyPluginAsync;
}

/** Every route module, registered in this order by buildApp(). Add new modules here. */
export const apiModules: ApiModule[] = [
  { name: 'health', prefix: '', plugin: healthRoutes },
  { name: 'user', prefix: '/user', plugin: userRoutes },
  { name: 'profile', prefix: '/user/profile', plugin: profileRoutes },
  { name: 'subusers', prefix: '/user/subusers', plugin: subUserRoutes },
  { name: 'contact', prefix: '/user', plugin: contactRoutes },
  { name: 'token', prefix: '/user', plugin: tokenRoutes },
  { name: 'paypal-auth', prefix: '/user/paypal', plugin: paypalAuthRoutes },
  { name: 'freshdesk', prefix: '/user', plugin: freshdeskRoutes },
  { name: 'portal', prefix: '/portal', plugin: portalRoutes },
  { name: 'subscription', prefix: '/subscription', plugin: subscriptionRoutes },
  { name: 'datasource', prefix: '/user/ds', plugin: dataSourceRoutes },
  { name: 'catalogue', prefix: '/license/product', plugin: catalogueRoutes },
  { name: 'license', prefix: '/license', plugin: licenseRoutes },
];
