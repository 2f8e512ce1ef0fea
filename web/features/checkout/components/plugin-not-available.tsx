import { Link } from 'wouter';
import { Button } from '@/components/ui/button';

export function PluginNotAvailable() {
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Plugin Not Available</h1>
      <p className="text-muted-foreground">This plugin is not available for purchase.</p>
      <Button asChild variant="outline">
        <Link href="/catalog">Browse Catalog</Link>
      </Button>
    </div>
  );
}
