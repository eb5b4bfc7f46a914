import type { TFunction } from 'i18next';
import type { Message } from '@phjr/contract/notify/messages';
import { MESSAGE_KINDS, isMessageKind, type MessageParamSpec } from '@phjr/contract/notify/message-kinds';
import { ENUM_CATALOG } from '@phjr/contract/system/enum-catalog';

/** The locale key of a kind's wording: `demand.assigned` → messageKinds.demand.assigned. */
export const kindKey = (kind: string) => `messageKinds.${kind}`;

function paramText(t: TFunction, lang: string, name: string, spec: MessageParamSpec, value: unknown): string {
  const nullable = spec.endsWith('?');
  if (value === null || value === undefined || value === '')
    return nullable ? t(`platform:messageParams.${name}.none`, { defaultValue: '' }) : '';
  let text: string;
  if (spec.startsWith('enum:')) {
    const entry = ENUM_CATALOG[spec.slice(5)]?.[String(value)];
    text = entry ? entry[lang === 'en-US' ? 1 : 0] : String(value);
  } else if (Array.isArray(value)) {
    text = value.map(String).join(t('platform:messageListSeparator'));
  } else {
    text = String(value);
  }
  return nullable ? t(`platform:messageParams.${name}.some`, { value: text }) : text;
}

/**
 * A message's title and content in the reader's language: worded from its kind and params when the web has a
 * wording of that kind in that language (issue 30, item 7), else the Chinese title and content the server stored.
 */
export function messageText(
  m: Pick<Message, 'title' | 'content' | 'kind' | 'params'>,
  t: TFunction,
  lang: string,
): { title: string; content: string } {
  const kind = m.kind;
  if (!isMessageKind(kind) || !m.params) return { title: m.title, content: m.content };
  const key = `platform:${kindKey(kind)}`;
  if (!t(`${key}.title`, { defaultValue: '' }) || !t(`${key}.content`, { defaultValue: '' }))
    return { title: m.title, content: m.content };
  const specs = MESSAGE_KINDS[kind] as Record<string, MessageParamSpec>;
  const values: Record<string, string> = {};
  for (const [name, spec] of Object.entries(specs)) values[name] = paramText(t, lang, name, spec, m.params[name]);
  return { title: t(`${key}.title`, values), content: t(`${key}.content`, values) };
}
