// The permission table of common/permissions.ts as Markdown: docs/team.md carries it, and a test
// (permissions.db.test.ts) fails when the two differ. `npx tsx server/modules/team/permission-doc.ts` prints it.
import { PERMISSIONS, PERMISSION_NAMES, ROLES, ROLE_LABELS, roleAllows } from '../../../common/permissions.js';

export function permissionTableMarkdown(): string {
  const head = `| permission | ${ROLES.map((role) => ROLE_LABELS[role]).join(' | ')} | what it opens |`;
  const rule = `|---|${ROLES.map(() => ':-:').join('|')}|---|`;
  const rows = PERMISSION_NAMES.map(
    (name) => `| \`${name}\` | ${ROLES.map((role) => (roleAllows(role, name) ? '✓' : '')).join(' | ')} | ${PERMISSIONS[name].description} |`,
  );
  return [head, rule, ...rows].join('\n');
}

if (process.argv[1]?.endsWith('permission-doc.ts')) console.log(permissionTableMarkdown());
