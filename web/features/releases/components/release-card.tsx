import { Calendar, Download, Package, RotateCcw, Trash2, Undo2 } from 'lucide-react';
import type { Release } from '@common/releases';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { CardSkeletons } from '@/components/card-skeletons';
import { compatibilityLine, pluginLabel, signaturePrefix } from '../lib/release-labels';
import { formatDate } from '@/lib/dates';
import { ReleaseHealthSummary } from './release-health';
import { ReleaseRollout } from './release-rollout';

interface ReleaseCardProps {
  release: Release;
  isLatest: boolean;
  isDownloading: boolean;
  onDownload: (release: Release) => void;
  onWithdraw: (release: Release) => void;
  onRestore: (release: Release) => void;
  onDelete: (release: Release) => void;
  isRestoring: boolean;
}

export function ReleaseCard({ release, isLatest, isDownloading, onDownload, onWithdraw, onRestore, onDelete, isRestoring }: ReleaseCardProps) {
  const compatibility = compatibilityLine(release);
  const isWithdrawn = release.withdrawn_at !== null;
  return (
    <Card data-testid="release-card" data-withdrawn={isWithdrawn || undefined} className={isWithdrawn ? 'opacity-75' : undefined}>
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <div className="space-y-1">
            <CardTitle className="flex items-center gap-2 text-lg">
              <Package className="size-4 text-muted-foreground" />v{release.version}
            </CardTitle>
            <p className="text-sm text-muted-foreground">{pluginLabel(release.plugin_slug)}</p>
          </div>
          {isLatest && <Badge variant="success">Latest</Badge>}
          {release.channel === 'beta' && <Badge variant="secondary">Beta</Badge>}
          {isWithdrawn && <Badge variant="destructive">Withdrawn</Badge>}
        </div>
      </CardHeader>
      <CardContent className="flex-1 space-y-3">
        <p className="text-sm whitespace-pre-line">{release.notes.trim() || <span className="text-muted-foreground italic">No release notes provided</span>}</p>
        <div className="flex items-center gap-2 text-xs text-muted-foreground">
          <Calendar className="size-3" />
          {formatDate(release.created_at)}
        </div>
        {compatibility && <p className="text-xs text-muted-foreground">{compatibility}</p>}
        {release.notice && (
          <p className="text-xs text-amber-700" data-testid="release-notice">
            {release.notice}
          </p>
        )}
        <ReleaseRollout release={release} />
        {release.rollback_at && (
          <p className="text-xs text-amber-700" data-testid="release-rollback">
            Sites running v{release.version} are offered the previous release (since {formatDate(release.rollback_at)}).
          </p>
        )}
        <ReleaseHealthSummary release={release} />
        <p className="text-xs text-muted-foreground">
          Signature:{' '}
          <code className="rounded bg-muted px-1 py-0.5 font-mono" data-testid="signature-prefix">
            {signaturePrefix(release.signature)}...
          </code>
        </p>
      </CardContent>
      <CardFooter className="flex-wrap gap-2">
        <Button variant="outline" size="sm" className="flex-1" disabled={isDownloading} onClick={() => onDownload(release)}>
          <Download />
          Download
        </Button>
        {isWithdrawn ? (
          <Button variant="outline" size="sm" disabled={isRestoring} onClick={() => onRestore(release)}>
            <RotateCcw />
            Restore
          </Button>
        ) : (
          <Button variant="outline" size="sm" onClick={() => onWithdraw(release)}>
            <Undo2 />
            Withdraw
          </Button>
        )}
        {/* A release a site was offered may be installed somewhere: it can be withdrawn, not deleted. */}
        {release.offered_at === null && (
          <Button
            variant="outline"
            size="sm"
            aria-label={`Delete v${release.version}`}
            title="Delete (never offered to a site)"
            onClick={() => onDelete(release)}
          >
            <Trash2 />
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}

/** The six skeleton cards shown while the list loads. */
export function ReleaseCardSkeletons() {
  return <CardSkeletons lines={['h-5 w-24', 'h-4 w-32', 'h-4 w-full', 'h-4 w-2/3']} />;
}
