/**
 * Texts the operator keeps in both languages (banners, showcase items: issue 13): the English one for an English
 * reader when the operator gave one, else the Chinese one, which is always there. Plain code, no zod: /home uses it.
 */
export function localized(language: string, zh: string, en: string | null | undefined): string {
  return language.startsWith('en') && en?.trim() ? en : zh;
}

/** A picture as the active language shows it: its English title and image where they exist. */
export function localizedImage<T extends { title: string; titleEn: string | null; url: string; urlEn: string | null }>(
  image: T,
  language: string,
): T {
  return {
    ...image,
    title: localized(language, image.title, image.titleEn),
    url: localized(language, image.url, image.urlEn),
  };
}
