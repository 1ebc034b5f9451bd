import type { FastifyReply } from 'fastify';

/**
 * Answers a body that is already JSON text (built by the database, docs/loms.md "Speed").
 * Fastify sends a string with a JSON content type as it is: the route's response schema
 * still documents the shape, but is not run over the body, so the route's tests check
 * the body against the contract themselves.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  // The route's type provider expects the schema's object; the string is its JSON.
  return reply.type('application/json; charset=utf-8').send(json as never);
}
