import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document, generated from the same zod contract the routes validate with:
 * JSON at /api/docs/json, a browsable page at /api/docs.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Équipée API',
        version: '1',
        description:
          'Errors answer {code, message, field}; message in the Accept-Language (fr or en). Bearer tokens from POST /api/user/login. ' +
          'Pictures are public: /files/profile/{userId}.png, /files/profile/thumbnail-{userId}.png, /files/logo.png (ETag revalidation).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The page's own policy (hashes of its inline code), minus the HTTPS upgrade that breaks plain-HTTP installs.
    transformStaticCSP: (header) => header.replace('upgrade-insecure-requests;', ''),
  });
}
