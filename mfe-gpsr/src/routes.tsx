import type { PortalRoute } from '@portal/shared';
import { ProductEditorPage } from './features/editor/components/product-editor-page';
import { ProductsPage } from './features/products/components/products-page';

/** Absolute paths: the shell mounts them as they are (brief: route ownership). */
export const gpsrRoutes: PortalRoute[] = [
  { path: '/features/gpsr', element: <ProductsPage /> },
  { path: '/features/gpsr/product/add', element: <ProductEditorPage mode="add" /> },
  { path: '/features/gpsr/product/edit/:productId', element: <ProductEditorPage mode="edit" /> },
];
