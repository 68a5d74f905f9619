import { lazyPage, type PortalRoute } from '@portal/shared';

// Each page is its own chunk, loaded on first visit: the exposed './remote' module stays light.
const ProductEditorPage = lazyPage(
  () => import('./features/editor/components/product-editor-page'),
  (m) => m.ProductEditorPage,
);
const ProductsPage = lazyPage(
  () => import('./features/products/components/products-page'),
  (m) => m.ProductsPage,
);

/** Absolute paths: the shell mounts them as they are (brief: route ownership). */
export const gpsrRoutes: PortalRoute[] = [
  { path: '/features/gpsr', element: <ProductsPage /> },
  { path: '/features/gpsr/product/add', element: <ProductEditorPage mode="add" /> },
  { path: '/features/gpsr/product/edit/:productId', element: <ProductEditorPage mode="edit" /> },
];
