import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@phjr/contract/envelope';
import { ZArticleAuthResponse } from '@phjr/contract/auth/user-info';
import { ARTICLE_CHANNELS } from '@phjr/contract/content/channels';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';

export async function contentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The article-authority list of SPEC section 4: channels the user may write in; articleAuth = not empty. */
  r.get('/article/api/auth/list', { config: { auth: 'session' }, schema: { tags: ['content'], response: { 200: envelope(ZArticleAuthResponse) } } }, async (req) => {
    const s = sessionOf(req);
    if (s.permissions.has('article:publish')) return ok([...ARTICLE_CHANNELS]);
    // Writers without the publish right (e.g. government chain managers) write chain articles only.
    if (s.permissions.has('article:write')) return ok(['chain']);
    return ok([]);
  });
}
