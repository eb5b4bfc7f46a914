import type { FastifyInstance } from 'fastify';
import type { SaveArticleRequest } from '@phjr/contract/content/article';
import { call, type Tokens } from '../helpers.ts';

/** A valid article of the channel; fields of `over` win. */
export function articleInput(title: string, over: Partial<SaveArticleRequest> = {}): SaveArticleRequest {
  return {
    title,
    channel: 'news',
    regionCode: '999900',
    body: `<p>${title} 的正文第一段。</p><p>第二段。</p>`,
    source: '测试来源',
    author: '测试作者',
    ...over,
  };
}

export async function post(app: FastifyInstance, tokens: Tokens | null, url: string, payload: unknown) {
  return call(app, tokens, { method: 'POST', url, payload: payload as object });
}

export async function get(app: FastifyInstance, tokens: Tokens | null, url: string) {
  return call(app, tokens, { method: 'GET', url });
}

/** Saves an article and returns its id (the save must succeed). */
export async function createArticle(app: FastifyInstance, tokens: Tokens, input: SaveArticleRequest): Promise<number> {
  const res = await post(app, tokens, '/article/api/admin/save.json', input);
  if (res.statusCode !== 200) throw new Error(`save failed: ${res.body}`);
  return res.json().data.id as number;
}

/** Saves and publishes now. */
export async function publishedArticle(
  app: FastifyInstance,
  tokens: Tokens,
  input: SaveArticleRequest,
): Promise<number> {
  const id = await createArticle(app, tokens, input);
  const res = await post(app, tokens, '/article/api/admin/publish.json', { id });
  if (res.statusCode !== 200) throw new Error(`publish failed: ${res.body}`);
  return id;
}

export const q = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter((e): e is [string, string | number] => e[1] !== undefined)
      .map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
