import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { usePageMeta } from '@/lib/page-meta';

export function NotFoundPage({ homeHref = '/' }: { homeHref?: string }) {
  usePageMeta('Page Not Found');
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist or has been moved.</p>
      <Button asChild variant="outline">
        <Link href={homeHref}>Go back home</Link>
      </Button>
    </div>
  );
}
