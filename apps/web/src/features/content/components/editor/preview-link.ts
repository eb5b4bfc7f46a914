/** /news/newsPreview shows any article, draft or not, exactly as readers will see it; only to its authors. */
export function previewUrl(id: number): string {
  return `/news/newsPreview?id=${id}`;
}
