import type { AdminPlugin } from '@common/plugins';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useUpdatePlugin } from '@/lib/admin-plugins';

/** Puts a retired plugin back on sale (no confirmation: nothing is lost either way). */
export function UnretireButton({ plugin }: { plugin: AdminPlugin }) {
  const update = useUpdatePlugin();
  const unretire = () =>
    update.mutate(
      { slug: plugin.slug, patch: { retired: false } },
      {
        onSuccess: () => toast({ title: 'Plugin Back on Sale', description: `${plugin.name} is on the storefront again.` }),
        onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to put the plugin back on sale'), variant: 'destructive' }),
      },
    );
  return (
    <Button variant="outline" size="sm" onClick={unretire} disabled={update.isPending}>
      {update.isPending ? 'Restoring...' : 'Put Back on Sale'}
    </Button>
  );
}
