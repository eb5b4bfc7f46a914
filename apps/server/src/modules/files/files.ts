/**
 * What other modules use of the files module: whether a stored file is a PUBLIC image, for records that show a
 * picture to everyone (a product's logo). The files repository stays private to this module.
 */
export { isPublicImage } from './files.repo.ts';
