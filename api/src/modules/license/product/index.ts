// The catalogue: the lower layer of the license module, which reads products through this file. It imports no
// license code.
export { default } from './routes';
export { productNotFound, toProduct, type ProductRow } from './product-schema';
export { findProduct, findProductIncludingWithdrawn, pluginNamesFor } from './repository';
