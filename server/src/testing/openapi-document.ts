import type { FastifyInstance } from 'fastify';
import type { OpenApiSchema } from './openapi-arbitraries';

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type Parameter = { in: 'path' | 'query' | 'header'; name: string; schema: OpenApiSchema };
export type Responses = Record<string, { content?: Record<string, { schema?: OpenApiSchema }> }>;

/** One operation of the API as `/api/openapi.json` describes it. */
export type Operation = {
  method: HttpMethod;
  path: string;
  parameters: Parameter[];
  body?: OpenApiSchema;
  responses: Responses;
};

type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: OpenApiSchema }> };
        responses?: Responses;
      }
    >
  >;
};

/** Every operation the app publishes in its API description, so tests follow the route table. */
export async function documentedOperations(app: FastifyInstance): Promise<Operation[]> {
  const document = (await app.inject({ url: '/api/openapi.json' })).json<OpenApiDocument>();
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: httpMethod(method),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content['application/json']?.schema,
      responses: operation.responses ?? {},
    })),
  );
}

function httpMethod(name: string): HttpMethod {
  const method = HTTP_METHODS.find((known) => known === name.toUpperCase());
  if (!method) throw new Error(`The API description has an operation of method ${name}.`);
  return method;
}
