import type { PicturePlace } from '@phjr/contract/content/pictures';
import type { SysImage } from '@phjr/contract/system/sys-images';

/**
 * The start-up system images (SPEC 4: loaded once, GET …/getAllPcSimpleImages) of one picture place, in their
 * order. Places are compared without regard to case or dash/underscore, as older data wrote `home-banner`.
 */
export function imagesOf(images: readonly SysImage[], place: PicturePlace): SysImage[] {
  const norm = (p: string) => p.toUpperCase().replace(/-/g, '_');
  return images.filter((i) => norm(i.place) === place).sort((a, b) => a.sort - b.sort);
}
