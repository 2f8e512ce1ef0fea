// A response serializer for hot or large answers: fast-json-stringify, compiled once from the route's zod
// schema (as JSON Schema), instead of the zod type provider's parse-then-JSON.stringify. TypeScript already
// holds the handler to the schema's type; what the schema does not name is left out of the answer.
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * zod writes `.nullable()` as `anyOf: [schema, { type: 'null' }]`, for which fast-json-stringify runs a
 * validator on every value to choose the branch; `nullable: true` says the same and is written directly.
 */
function simplifyNullables(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplifyNullables);
  if (schema === null || typeof schema !== 'object') return schema;
  const { anyOf } = schema as JsonSchema;
  if (Array.isArray(anyOf) && anyOf.length === 2 && (anyOf[1] as JsonSchema | undefined)?.type === 'null') {
    return { ...(simplifyNullables(anyOf[0]) as JsonSchema), nullable: true };
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, simplifyNullables(value)]));
}

export const fastSerializerCompiler = ({ schema }: { schema: unknown }): ((data: unknown) => string) =>
  fastJson(simplifyNullables(z.toJSONSchema(schema as z.ZodType, { target: 'draft-07', io: 'output' })) as Parameters<typeof fastJson>[0]);
