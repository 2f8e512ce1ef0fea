// A response serializer for the hottest public routes: fast-json-stringify, compiled once from the route's
// zod schema (as JSON Schema), instead of the zod type provider's parse-then-JSON.stringify. TypeScript
// already holds the handler to the schema's type; what the schema does not name is left out of the answer.
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

export const fastSerializerCompiler = ({ schema }: { schema: unknown }): ((data: unknown) => string) =>
  fastJson(z.toJSONSchema(schema as z.ZodType, { target: 'draft-07', io: 'output' }) as Parameters<typeof fastJson>[0]);
