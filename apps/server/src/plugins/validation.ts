import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { CONTROL_CHARACTER_MESSAGE, findControlCharacter } from '@phjr/contract/input-rules';

/** fastify-type-provider-zod marks its validation errors with this symbol; the error handler recognises them by it. */
const ZOD_VALIDATION_ERROR = Symbol.for('ZodFastifySchemaValidationError');

/** A path this long is an attack, not a form: name its start only. */
const MAX_PATH_SEGMENTS = 12;

/**
 * The validator of every route: the contract's input rules (packages/contract/src/input-rules.ts) first, on every
 * body, query string and path parameter, then the route's zod schema. A control character anywhere is refused with
 * the same 400 envelope as any validation error, naming the field.
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = zodValidatorCompiler(route as Parameters<typeof zodValidatorCompiler>[0]);
  return (data: unknown) => {
    const path = findControlCharacter(data);
    if (path) {
      const shown = path.length > MAX_PATH_SEGMENTS ? [...path.slice(0, MAX_PATH_SEGMENTS), '…'] : path;
      return {
        error: [
          {
            [ZOD_VALIDATION_ERROR]: true,
            keyword: 'invalid_format',
            instancePath: `/${shown.join('/')}`,
            schemaPath: `#/${shown.join('/')}/invalid_format`,
            message: CONTROL_CHARACTER_MESSAGE,
            params: {},
          },
        ],
      } as unknown as ReturnType<ReturnType<typeof zodValidatorCompiler>>;
    }
    return validate(data);
  };
};
