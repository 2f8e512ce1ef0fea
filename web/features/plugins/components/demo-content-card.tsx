import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useDemoContent, useRemoveDemoContent } from '../api/demo-content';

/**
 * The seeded demo plugins (docs/plugins.md, "Remove demo content"): removable, after a confirmation, while none of
 * them has an order or a licence; otherwise the card says why. Hidden once they are gone.
 */
export function DemoContentCard() {
  const { data } = useDemoContent();
  const remove = useRemoveDemoContent();
  const [confirming, setConfirming] = useState(false);
  if (!data || data.plugins.length === 0) return null;
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Demo content removed', description: 'The demo plugins, their releases, images and prices are gone.' });
        setConfirming(false);
      },
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to remove the demo content'), variant: 'destructive' }),
    });
  return (
    <Card data-testid="demo-content">
      <CardHeader>
        <CardTitle>Demo content</CardTitle>
        <CardDescription>
          This shop started with the demo plugins {data.plugins.join(' and ')}. Remove them, with their releases, images and prices, before you open your shop.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {data.blocked_by && <p className="text-sm text-muted-foreground">{data.blocked_by}</p>}
        <Button variant="outline" onClick={() => setConfirming(true)} disabled={!data.removable}>
          Remove demo content
        </Button>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove demo content"
        description={`${data.plugins.join(' and ')} will be deleted with their releases, images and prices. Your own plugins are not touched. This cannot be undone.`}
        destructive
        pending={remove.isPending}
        pendingLabel="Removing..."
        confirmLabel="Remove demo content"
        onConfirm={confirm}
      />
    </Card>
  );
}
