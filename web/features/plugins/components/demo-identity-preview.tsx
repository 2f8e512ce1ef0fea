import type { DemoIdentityChange } from '@common/plugin-admin';

/** What replacing the demo store identity changes, old → new (GET /api/admin/demo-content, `identity`). */
export function IdentityPreview({ changes }: { changes: DemoIdentityChange[] }) {
  return (
    <ul className="space-y-2 rounded-md border p-3" data-testid="identity-preview" aria-label="What will change">
      {changes.map((change) => (
        <li key={change.label} className="break-words">
          <div className="font-medium">{change.label}</div>
          <div className="text-muted-foreground">
            <del>{change.from}</del> → <span className="text-foreground">{change.to}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
