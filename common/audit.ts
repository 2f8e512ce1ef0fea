// The audit log's wire shapes (issue 42, docs/team.md "Audit log").
import { z } from 'zod';

export const auditQuerySchema = z.object({
  q: z.string().trim().max(200, 'The search is too long').optional(),
  actor: z.string().trim().max(254).optional(),
  method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE'], { error: 'method must be POST, PUT, PATCH or DELETE' }).optional(),
  from: z.iso.datetime({ error: 'from must be a UTC ISO-8601 time' }).optional(),
  to: z.iso.datetime({ error: 'to must be a UTC ISO-8601 time' }).optional(),
  page: z.coerce.number({ error: 'page must be a whole number' }).int('page must be a whole number').min(1).max(100_000).default(1),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor_kind: z.string(),
  actor: z.string(),
  ip: z.string().nullable(),
  method: z.string(),
  route: z.string(),
  url: z.string(),
  status: z.number(),
  request: z.unknown().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_SIZE = 50;
export const auditListSchema = z.object({ entries: z.array(auditEntrySchema), total: z.number(), page: z.number(), retention_days: z.number() });
export const auditVerifySchema = z.object({ valid: z.boolean(), checked: z.number(), problem: z.string().nullable(), entry_id: z.number().nullable() });
export const auditRetentionSchema = z.object({
  retention_days: z
    .number({ error: 'retention_days must be a number of days' })
    .int('retention_days must be a whole number')
    .min(1, 'Keep entries at least 1 day')
    .max(3650, 'At most 3650 days (10 years)'),
});
