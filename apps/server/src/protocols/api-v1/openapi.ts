// The OpenAPI 3.1 document of /api/v1, generated from the operations table and its zod schemas
// (z.toJSONSchema emits JSON Schema 2020-12, the dialect OpenAPI 3.1 uses).
import { z } from 'zod'
import { scopes } from '../../tenancy/session.ts'
import { type Operation, operations, pathParams } from './operations.ts'
import { errorBody } from './schemas.ts'

type Json = Record<string, unknown>

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json
  return rest
}

function parameters(op: Operation): Json[] {
  const path = pathParams(op.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string', format: 'uuid' },
  }))
  const query = op.query
    ? Object.entries((schemaOf(op.query, 'input').properties ?? {}) as Record<string, Json>).map(
        ([name, schema]) => ({ name, in: 'query', required: false, schema }),
      )
    : []
  const lang = {
    name: 'lang',
    in: 'query',
    required: false,
    description: 'Language of messages and texts (default: Accept-Language, else pt).',
    schema: { type: 'string', enum: ['pt', 'en'] },
  }
  return [...path, ...query, lang]
}

const errorRef = { $ref: '#/components/schemas/Error' }
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorRef } },
})

function operationObject(op: Operation): Json {
  const responses: Json = {}
  for (const [status, schema] of Object.entries(op.responses)) {
    if (schema === null) responses[status] = { description: 'No content' }
    else if (typeof schema === 'string')
      responses[status] = { description: 'OK', content: { [schema]: { schema: { type: 'string' } } } }
    else
      responses[status] = {
        description: 'OK',
        content: { 'application/json': { schema: schemaOf(schema, 'output') } },
      }
  }
  responses['400'] = errorResponse('Invalid input (a translated message says why).')
  responses['401'] = errorResponse('Missing, invalid, expired or revoked token.')
  responses['403'] = errorResponse(`The token lacks the "${op.scope}" scope.`)
  responses['404'] = errorResponse('Not found, or not the token owner’s.')
  responses['429'] = errorResponse('Rate limit of the token, or the user’s daily quota.')
  for (const [status, description] of Object.entries(op.errors ?? {}))
    responses[status] = errorResponse(description)
  return {
    operationId: op.id,
    tags: [op.tag],
    summary: op.summary.en,
    description: `${op.summary.en}\n\nScope: \`${op.scope}\`.`,
    'x-summary-pt': op.summary.pt,
    'x-scope': op.scope,
    security: [{ bearer: [] }],
    parameters: parameters(op),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: schemaOf(op.body, 'input') } },
          },
        }
      : {}),
    responses,
  }
}

export function openApiDocument(publicUrl: string): Json {
  const paths: Record<string, Json> = {}
  for (const op of operations) {
    paths[op.path] ??= {}
    paths[op.path]![op.method] = operationObject(op)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Farol API',
      version: '1',
      description:
        'SEO and AI-optimisation audits, site crawls, tracked sites and reports. Authenticate with a personal API token (Settings → API tokens) as `Authorization: Bearer farol_…`. Scopes: ' +
        scopes.join(', ') +
        '.',
    },
    servers: [{ url: new URL('/api/v1', publicUrl).href }],
    tags: [
      { name: 'tasks', description: 'Audits and every other analysis, as tasks.' },
      { name: 'crawls', description: 'Results of site crawls, paged.' },
      { name: 'sites', description: 'Tracked sites and their history.' },
      { name: 'reports', description: 'PDF reports.' },
      { name: 'overviews', description: "Google's AI Overviews and AI Mode for a site's keywords." },
    ],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'A personal API token.' } },
      schemas: { Error: schemaOf(errorBody, 'output') },
    },
    paths,
  }
}
