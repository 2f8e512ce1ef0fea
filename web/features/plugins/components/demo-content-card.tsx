import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useDemoContent, useRemoveDemoContent } from '../api/demo-content';
import { IdentityPreview } from './demo-identity-preview';

/**
 * The seeded demo plugins (docs/plugins.md, "Remove demo content"): removable, after a confirmation, while none of
 * them has an order or a licence; otherwise the card says why. The dialog also offers, with a preview of each change,
 * to replace the demo store identity and pages with neutral starting texts (issue 40). Hidden once nothing is left.
 */
export function DemoContentCard() {
  const { data } = useDemoContent();
  const remove = useRemoveDemoContent();
  const [confirming, setConfirming] = useState(false);
  const [replaceIdentity, setReplaceIdentity] = useState(true);
  if (!data || (data.plugins.length === 0 && data.identity.length === 0)) return null;
  const hasPlugins = data.plugins.length > 0;
  const offersIdentity = data.identity.length > 0;
  const willReplace = offersIdentity && replaceIdentity;
  const confirm = () =>
    remove.mutate(
      { replace_identity: willReplace },
      {
        onSuccess: () => {
          const parts = [
            hasPlugins ? 'The demo plugins, their releases, images and prices are gone.' : '',
            willReplace ? 'Your store now has neutral starting texts to edit on the Storefront page.' : '',
          ];
          toast({ title: 'Demo content removed', description: parts.filter(Boolean).join(' ') });
          setConfirming(false);
        },
        onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to remove the demo content'), variant: 'destructive' }),
      },
    );
  const canRemove = hasPlugins ? data.removable : offersIdentity;
  return (
    <Card data-testid="demo-content">
      <CardHeader>
        <CardTitle>Demo content</CardTitle>
        <CardDescription>
          {hasPlugins
            ? `This shop started with the demo plugins ${data.plugins.join(' and ')}. Remove them, with their releases, images and prices, before you open your shop.`
            : 'This shop still shows the demo store’s name, texts or pages. Replace them with neutral starting texts before you open your shop.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {data.blocked_by && <p className="text-sm text-muted-foreground">{data.blocked_by}</p>}
        <Button variant="outline" onClick={() => setConfirming(true)} disabled={!canRemove}>
          Remove demo content
        </Button>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove demo content"
        description={
          hasPlugins
            ? `${data.plugins.join(' and ')} will be deleted with their releases, images and prices. Your own plugins are not touched. This cannot be undone.`
            : 'The demo store’s texts below will be replaced. This cannot be undone.'
        }
        destructive
        pending={remove.isPending}
        pendingLabel="Removing..."
        confirmLabel="Remove demo content"
        onConfirm={confirm}
      >
        {offersIdentity && (
          <div className="max-h-[50vh] space-y-2 overflow-y-auto text-sm">
            <label className="flex items-center gap-2 font-medium">
              <input
                type="checkbox"
                data-testid="replace-identity"
                checked={replaceIdentity}
                disabled={!hasPlugins}
                onChange={(event) => setReplaceIdentity(event.target.checked)}
              />
              Also replace the demo store name, texts and pages with neutral starting texts
            </label>
            {willReplace && <IdentityPreview changes={data.identity} />}
          </div>
        )}
      </ConfirmDialog>
    </Card>
  );
}
