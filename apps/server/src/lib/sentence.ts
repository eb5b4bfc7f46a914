/** Whether a text already ends its sentence (a reason typed as "材料不全。"). */
export function endsSentence(text: string): boolean {
  return /[。！？!?.；;…]\s*$/.test(text);
}

/** The text closed with 。, unless it already ends its sentence: no "。。" after a typed reason (issue 30). */
export function sentence(text: string): string {
  return endsSentence(text) ? text.trimEnd() : `${text}。`;
}
