// The admin's audit log: search and filter, verify the chain, export as CSV, set the retention (docs/team.md).
import { AUDIT_PAGE_SIZE, auditListSchema, auditQuerySchema, auditRetentionSchema, auditVerifySchema, type AuditEntry } from '../../../common/audit.js';
import type { App, AppContext } from '../../kernel/context.js';
import { readSetting } from '../settings/index.js';
import { filteredEntries, type AuditRow } from './audit.repository.js';
import { AUDIT_RETENTION_KEY, DEFAULT_AUDIT_RETENTION_DAYS } from './audit.service.js';

const parsed = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown));
const toEntry = (row: AuditRow): AuditEntry => ({ ...row, request: parsed(row.request), before: parsed(row.before), after: parsed(row.after) });
const CSV_COLUMNS = ['id', 'at', 'actor_kind', 'actor', 'ip', 'method', 'route', 'url', 'status', 'request', 'before', 'after', 'prev_hash', 'hash'] as const;
/** A CSV cell: quoted, and a leading = + - @ neutralised so a spreadsheet does not run it as a formula. */
const csvCell = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : String(value);
  return `"${(/^[=+\-@\t\r]/.test(text) ? `'${text}` : text).replaceAll('"', '""')}"`;
};

export function registerAuditRoutes(app: App, ctx: AppContext): void {
  const read = { permission: 'audit:read' as const };
  const retentionDays = async () => {
    const value = await readSetting(ctx.db, AUDIT_RETENTION_KEY);
    return typeof value === 'number' && value > 0 ? value : DEFAULT_AUDIT_RETENTION_DAYS;
  };

  app.get('/api/admin/audit', { config: read, schema: { querystring: auditQuerySchema, response: { 200: auditListSchema } } }, async (request) => {
    const { page, ...filter } = request.query;
    const total = await filteredEntries(ctx.db, filter)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await filteredEntries(ctx.db, filter)
      .orderBy('id', 'desc')
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE)
      .execute();
    return { entries: rows.map(toEntry), total: Number(total.n), page, retention_days: await retentionDays() };
  });

  app.get('/api/admin/audit/verify', { config: read, schema: { response: { 200: auditVerifySchema } } }, async () => ctx.audit.verify());

  app.get('/api/admin/audit/export', { config: read, schema: { querystring: auditQuerySchema.omit({ page: true }) } }, async (request, reply) => {
    const rows = await filteredEntries(ctx.db, request.query).orderBy('id').limit(100_000).execute();
    const lines = [CSV_COLUMNS.join(','), ...rows.map((row) => CSV_COLUMNS.map((column) => csvCell(row[column])).join(','))];
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`)
      .send(`${lines.join('\r\n')}\r\n`);
  });

  app.put(
    '/api/admin/audit/retention',
    { config: { permission: 'settings:write' }, schema: { body: auditRetentionSchema, response: { 200: auditRetentionSchema } } },
    async (request) => {
      await ctx.settings.setInternal({ [AUDIT_RETENTION_KEY]: request.body.retention_days });
      return { retention_days: request.body.retention_days };
    },
  );
}
