import { Calendar, Download, Package } from 'lucide-react';
import type { Release } from '@common/releases';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { pluginLabel, signaturePrefix } from '../lib/release-labels';

interface ReleaseCardProps {
  release: Release;
  isLatest: boolean;
  isDownloading: boolean;
  onDownload: (release: Release) => void;
}

export function ReleaseCard({ release, isLatest, isDownloading, onDownload }: ReleaseCardProps) {
  return (
    <Card data-testid="release-card">
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <div className="space-y-1">
            <CardTitle className="flex items-center gap-2 text-lg">
              <Package className="size-4 text-muted-foreground" />v{release.version}
            </CardTitle>
            <p className="text-sm text-muted-foreground">{pluginLabel(release.plugin_slug)}</p>
          </div>
          {isLatest && <Badge variant="success">Latest</Badge>}
        </div>
      </CardHeader>
      <CardContent className="flex-1 space-y-3">
        <p className="text-sm whitespace-pre-line">{release.notes.trim() || <span className="text-muted-foreground italic">No release notes provided</span>}</p>
        <div className="flex items-center gap-2 text-xs text-muted-foreground">
          <Calendar className="size-3" />
          {new Date(release.created_at).toLocaleDateString()}
        </div>
        <p className="text-xs text-muted-foreground">
          Signature: <code className="rounded bg-muted px-1 py-0.5 font-mono" data-testid="signature-prefix">{signaturePrefix(release.signature)}...</code>
        </p>
      </CardContent>
      <CardFooter>
        <Button variant="outline" size="sm" className="w-full" disabled={isDownloading} onClick={() => onDownload(release)}>
          <Download />
          Download
        </Button>
      </CardFooter>
    </Card>
  );
}

/** The six skeleton cards shown while the list loads. */
export function ReleaseCardSkeletons() {
  return (
    <>
      {Array.from({ length: 6 }, (_, index) => (
        <Card key={index}>
          <CardHeader>
            <Skeleton className="h-5 w-24" />
            <Skeleton className="h-4 w-32" />
          </CardHeader>
          <CardContent className="space-y-2">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </CardContent>
        </Card>
      ))}
    </>
  );
}
