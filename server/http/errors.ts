// One place that turns every failure into a Laravel-shaped JSON body. Client mistakes are 4xx with
// a `{message}` (422 adds `errors`); anything unexpected is a 500 "Server Error." with the details
// only in the log.
import type { FastifyError, FastifyInstance } from 'fastify';
import { AdminCommandError, FieldValidationError } from '../domain/errors';
import { sqlState } from '../db/errors';
import { errorSummary } from '../logger';
import { ClientProblem } from '../domain/problems';
import { RequestValidationError } from './validation';

export const TOO_MANY_ATTEMPTS = 'Too Many Attempts.';

const CLIENT_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length is wrong.',
  FST_ERR_CTP_INVALID_TYPE: 'Unsupported content type.',
};

/** Status text for 4xx errors whose own message is internal (e.g. Fastify codes). */
function clientMessage(error: FastifyError, status: number): string {
  if (error.code && CLIENT_MESSAGES[error.code]) return CLIENT_MESSAGES[error.code]!;
  if (status === 400 && error instanceof SyntaxError) return CLIENT_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY!;
  if (status === 413) return CLIENT_MESSAGES.FST_ERR_CTP_BODY_TOO_LARGE!;
  if (status === 415) return CLIENT_MESSAGES.FST_ERR_CTP_INVALID_MEDIA_TYPE!;
  if (status === 404) return 'Not Found.';
  return error.message || 'Bad Request.';
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof RequestValidationError) {
      return reply.code(422).send({ message: error.message, errors: error.errors });
    }
    if (error instanceof FieldValidationError) {
      return reply.code(422).send({ message: error.message, errors: { [error.field]: [error.message] } });
    }
    if (error instanceof ClientProblem) {
      return reply.code(error.status).headers(error.headers).send({ message: error.message });
    }
    if (error instanceof AdminCommandError) {
      return reply.code(422).send({ message: error.message });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) return reply.code(429).send({ message: TOO_MANY_ATTEMPTS });
    // A database that refuses a value (bad encoding, NUL, out of range) is the client's input
    // slipping past validation: a 422, not a 500. Class 22 = data exception. The edge should have
    // refused it (a warning, to find which check is missing), yet it is a client mistake: one line
    // naming the query and the reason, no stack.
    const state = sqlState(error);
    if (state !== undefined && state.startsWith('22')) {
      request.log.warn({ sqlState: state, reason: errorSummary(error) }, 'database refused a value');
      return reply.code(422).send({ message: 'The given data was invalid.', errors: { body: ['The given data was invalid.'] } });
    }
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code, status }, 'client error');
      return reply.code(status).send({ message: clientMessage(error, status) });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ message: 'Server Error.' });
  });
}
