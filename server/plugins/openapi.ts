import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

type OpenApiObject = ReturnType<typeof jsonSchemaTransformObject>;

/**
 * The registry holds each named schema both as read and as answered (`Error` and `ErrorInput`); the
 * document keeps those an operation refers to.
 */
function withoutUnusedSchemas(document: OpenApiObject): OpenApiObject {
  if (!('components' in document) || !document.components?.schemas) return document;
  const schemas = document.components.schemas;
  const text = JSON.stringify({ ...document, components: { ...document.components, schemas: {} } });
  for (const name of Object.keys(schemas)) {
    if (!text.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  }
  return document;
}

/**
 * The OpenAPI document, generated from the same zod contract the routes validate with:
 * JSON at /api/docs/json, a browsable page at /api/docs. OpenAPI 3.1, so its schemas are plain JSON Schema
 * (2020-12) that any validator reads. Each operation lists the errors it answers (error-answers.ts) and
 * says whether it needs a session (auth.ts marks the signed-in scope's routes; the others are public).
 * `npm run lint` checks it with Redocly's recommended rules (scripts/lint-openapi.ts).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Équipée API',
        version: '1',
        description:
          'Errors answer {code, message, field}; message in the Accept-Language (fr or en). Bearer tokens from POST /api/user/login. ' +
          'Pictures are public: /files/profile/{userId}.png, /files/profile/thumbnail-{userId}.png, /files/logo.png (ETag revalidation).',
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => withoutUnusedSchemas(jsonSchemaTransformObject(document)),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The page's own policy (hashes of its inline code), minus the HTTPS upgrade that breaks plain-HTTP installs.
    transformStaticCSP: (header) => header.replace('upgrade-insecure-requests;', ''),
  });
}
