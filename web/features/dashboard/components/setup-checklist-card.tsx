import { Link } from 'wouter';
import { CheckCircle2, Circle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDismissSetupChecklist, useSetupChecklist } from '../api/setup-checklist';

/**
 * The first-run checklist (issue 25; docs/dashboard.md): what the shop still needs before it can sell, each step
 * linking to its page and ticked once done. Shown until every step is done or the vendor hides it.
 */
export function SetupChecklistCard() {
  const { data } = useSetupChecklist();
  const dismiss = useDismissSetupChecklist();
  if (!data || data.complete || data.dismissed) return null;
  const remaining = data.steps.filter((step) => !step.done).length;
  return (
    <Card data-testid="setup-checklist">
      <CardHeader className="flex flex-row items-start justify-between gap-4 space-y-0">
        <div className="space-y-1.5">
          <CardTitle>Set up your shop</CardTitle>
          <CardDescription>
            {remaining} of {data.steps.length} steps left before your shop can sell.
          </CardDescription>
        </div>
        <Button variant="ghost" size="sm" onClick={() => dismiss.mutate(true)} disabled={dismiss.isPending}>
          Hide
        </Button>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-2 md:grid-cols-2">
          {data.steps.map((step) => (
            <li key={step.id}>
              <Link href={step.path} className="flex items-start gap-3 rounded-md border p-3 transition-colors hover:bg-accent" data-done={step.done}>
                {step.done ? (
                  <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-600" aria-label="Done" />
                ) : (
                  <Circle className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-label="To do" />
                )}
                <span>
                  <span className={step.done ? 'block text-sm font-medium text-muted-foreground line-through' : 'block text-sm font-medium'}>{step.title}</span>
                  <span className="block text-xs text-muted-foreground">{step.hint}</span>
                </span>
              </Link>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
