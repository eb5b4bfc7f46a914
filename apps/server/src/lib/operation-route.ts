import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type * as core from 'zod/v4/core';
import { envelope } from '@phjr/contract/envelope';
import { encodingOf, type OperationDef } from '@phjr/contract/operation';
import { answerAsReturned } from '../plugins/serialization.ts';
import { ok } from './reply.ts';

type Out<S> = S extends core.$ZodType ? core.output<S> : unknown;

/** The request of an operation's route, typed by its declaration (validated before the handler runs). */
export type OperationRequest<O extends OperationDef> = FastifyRequest<{
  Params: Out<O['params']>;
  Querystring: Out<O['query']>;
  Body: Out<O['body']>;
}>;

/** An envelope operation's handler returns its `data`; a file operation's handler sends the file itself. */
export type OperationHandler<O extends OperationDef> = (
  req: OperationRequest<O>,
  reply: FastifyReply,
) => Promise<O['answers'] extends 'file' ? unknown : core.input<O['response']>>;

/**
 * Registers the route of a contract operation (packages/contract/src/operation.ts): its method and path, its
 * permission (config.auth, which the auth plugin enforces and the authorization matrix walks), its input schemas and
 * the envelope of its answer (validation, serialisation and OpenAPI follow from them). A multipart operation's body is
 * read by its handler (streamed files); its schema documents the fields.
 */
export function routeOperation<O extends OperationDef>(
  app: FastifyInstance,
  op: O,
  handler: OperationHandler<O>,
  opts: {
    tags?: string[];
    /** The handler returns exactly the contract's shape (plugins/serialization.ts answerAsReturned). */ asReturned?: boolean;
  } = {},
) {
  const schema: FastifySchema = { tags: opts.tags, summary: op.summary };
  if (op.params) schema.params = op.params;
  if (op.query) schema.querystring = op.query;
  if (op.body && encodingOf(op) !== 'multipart') schema.body = op.body;
  const file = op.answers === 'file';
  if (!file) {
    const answer = envelope(op.response as never);
    schema.response = { 200: opts.asReturned ? answerAsReturned(answer) : answer };
  }
  app.route({
    method: op.method,
    url: op.path,
    config: {
      auth: op.auth,
      whilePasswordChangeDue: op.whilePasswordChangeDue === true,
      signedLink: op.signedLink === true,
    },
    schema,
    handler: async (req, reply) => {
      const result = await handler(req as OperationRequest<O>, reply);
      return file ? result : ok(result);
    },
  });
}
