import type { ErrorBody } from '@monitoring/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** An error with an HTTP status and a Russian message for the user. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field);
export const unauthorized = (message = 'Требуется вход в систему') => new HttpError(401, message);
export const forbidden = (message = 'Недостаточно прав', field?: string) =>
  new HttpError(403, message, field);
export const notFound = (message = 'Не найдено') => new HttpError(404, message);

/** Ids shown in a message about missing ones: the first ten, then «и ещё N». */
const MAX_LISTED_IDS = 10;

export function listedIds(ids: readonly number[]): string {
  const shown = ids.slice(0, MAX_LISTED_IDS).join(', ');
  return ids.length > MAX_LISTED_IDS ? `${shown} и ещё ${ids.length - MAX_LISTED_IDS}` : shown;
}

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function errorBody(statusCode: number, message: string, field?: string, position?: number): ErrorBody {
  return {
    statusCode,
    error: STATUS_NAMES[statusCode] ?? 'Error',
    message,
    ...(field ? { field } : {}),
    ...(position ? { position } : {}),
  };
}

/** The position a validation issue carries (a malformed search query: contracts messageSearchSchema). */
function positionOf(params: unknown): number | undefined {
  const inner = (params as { params?: { position?: unknown } } | undefined)?.params;
  return typeof inner?.position === 'number' ? inner.position : undefined;
}

/** `/page_size` → `page_size`, `/items/0/id` → `items.0.id`. */
function fieldOf(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path || context || 'body';
}

/** Russian text for the first validation problem, naming the field. */
function validationMessage(field: string, message: string): string {
  return `Некорректное значение поля «${field}»: ${message}`;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(errorBody(error.statusCode, error.message, error.field));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = fieldOf(first?.instancePath ?? '', error.validationContext);
      const message = validationMessage(field, first?.message ?? '');
      return reply.status(400).send(errorBody(400, message, field, positionOf(first?.params)));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send(errorBody(500, 'Внутренняя ошибка сервера'));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(errorBody(429, error.message));
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large.
      const field = clientErrorField(error);
      return reply.status(status).send(errorBody(status, clientErrorMessage(error), field));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(500, 'Внутренняя ошибка сервера'));
  });
}

/**
 * Fastify's `frameworkErrors`: a path that is no valid URL component (`%ED%A0%80`, a lone surrogate) is refused by
 * the router before any handler, in English; here it is a 400 in the API's error body, naming the url.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    reply.status(400).send(errorBody(400, 'Некорректный адрес запроса: недопустимые символы в пути', 'url'));
    return;
  }
  // Any other framework error before routing is the request's fault here: a 4xx, never a 500.
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  reply.status(status).send(errorBody(status, 'Некорректный запрос'));
}

/** The field a client error names: the content type, or the body (malformed, empty or too large). */
function clientErrorField(error: FastifyError): string | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'content-type';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'body';
    default:
      return undefined;
  }
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Тело запроса не является корректным JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Слишком большой запрос';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Неподдерживаемый тип содержимого';
    default:
      return error.message;
  }
}
