// Apart from catalog-view.ts on purpose: the landing page's cards need only the labels, and a module shared
// with the catalog page would bring the catalog's search and sort code into the landing page's JavaScript.
export { categoryLabel } from '@common/categories';
