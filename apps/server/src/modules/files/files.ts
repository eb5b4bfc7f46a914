/**
 * What other modules use of the files module: whether a stored file is a PUBLIC image, for records that show a
 * picture to everyone (a product's logo), and which uploads are a user's own, for records that attach them (a
 * demand's or a shelter case's attachments). The files repository stays private to this module.
 */
export { isPublicImage, ownFiles } from './files.repo.ts';
