// JSON bodies are bounded in depth as well as size: a body nested deeper than MAX_JSON_DEPTH is
// refused with a 422 before it is parsed, so nothing downstream (validation, the idempotency
// fingerprint, logging) ever walks a pathologically deep value. Parsing itself stays Fastify's
// default parser (secure-json-parse: prototype-poisoning keys are refused).
import type { FastifyInstance } from 'fastify';
import { RequestValidationError } from './validation';

/** Deepest nesting of arrays/objects a JSON body may have. Our own bodies are 1–2 levels deep. */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = `The request body must not be nested deeper than ${MAX_JSON_DEPTH} levels.`;

/** The deepest nesting of `[`/`{` outside strings; stops counting once `limit` is passed. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > limit) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return false;
}

export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(new RequestValidationError({ body: [TOO_DEEP_MESSAGE] }), undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}
