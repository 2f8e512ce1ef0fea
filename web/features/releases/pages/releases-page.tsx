import { useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Plus } from 'lucide-react';
import type { Release } from '@common/releases';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SearchBox, PluginFilter } from '@/components/list-filters';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/use-toast';
import { useAdminPlugins } from '@/lib/admin-plugins';
import { useReleases } from '../api/get-releases';
import { downloadRelease } from '../api/download-release';
import { NewReleaseDialog } from '../components/new-release-dialog';
import { ReleaseCard, ReleaseCardSkeletons } from '../components/release-card';
import { ReleaseActionDialog, type ReleaseAction } from '../components/release-action-dialog';
import { useRestoreRelease } from '../api/restore-release';
import { errorMessage } from '@/lib/api';
import { latestReleaseIds, pluginLabel } from '../lib/release-labels';

const ALL_PLUGINS = 'all';

function matchesSearch(release: Release, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [release.version, release.notes, release.plugin_slug, pluginLabel(release.plugin_slug)].some((text) => text.toLowerCase().includes(needle));
}

export function ReleasesPage() {
  usePageMeta('Releases', 'Upload, sign and download plugin releases.');
  const [location, navigate] = useLocation();
  const searchParams = new URLSearchParams(useSearch());
  const [dialogOpen, setDialogOpen] = useState(searchParams.get('action') === 'upload');
  const [search, setSearch] = useState('');
  const [pluginFilter, setPluginFilter] = useState(ALL_PLUGINS);
  const [downloadingId, setDownloadingId] = useState<number | null>(null);
  const [action, setAction] = useState<ReleaseAction | null>(null);
  const restore = useRestoreRelease();
  const plugins = useAdminPlugins();
  const releases = useReleases(pluginFilter === ALL_PLUGINS ? undefined : pluginFilter);

  const visible = useMemo(() => (releases.data ?? []).filter((release) => matchesSearch(release, search)), [releases.data, search]);
  const latest = useMemo(() => latestReleaseIds(releases.data ?? []), [releases.data]);

  const changeDialog = (open: boolean) => {
    setDialogOpen(open);
    if (!open && searchParams.has('action')) navigate(location, { replace: true });
  };

  const download = (release: Release) => {
    setDownloadingId(release.id);
    downloadRelease(release)
      .catch(() => toast({ title: 'Error', description: 'Failed to download release', variant: 'destructive' }))
      .finally(() => setDownloadingId(null));
  };

  const restoreRelease = (release: Release) =>
    restore.mutate(release.id, {
      onSuccess: () => toast({ title: 'Release Restored', description: `${pluginLabel(release.plugin_slug)} v${release.version}` }),
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to restore release'), variant: 'destructive' }),
    });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Releases</h1>
          <p className="text-sm text-muted-foreground">Plugin versions, signed for WordPress updates.</p>
        </div>
        <Button onClick={() => changeDialog(true)}>
          <Plus />
          New Release
        </Button>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchBox label="Search releases" placeholder="Search releases..." value={search} onChange={setSearch} />
        <PluginFilter className="sm:w-56" value={pluginFilter} onChange={setPluginFilter} plugins={plugins.data} label={(plugin) => pluginLabel(plugin.slug)} />
      </div>

      {releases.isError ? (
        <Alert variant="destructive">
          <AlertDescription>Failed to load releases. Please try again.</AlertDescription>
        </Alert>
      ) : releases.isPending ? (
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          <ReleaseCardSkeletons />
        </div>
      ) : visible.length === 0 ? (
        <p className="py-12 text-center text-muted-foreground">
          {search.trim() ? `No releases found matching "${search}"` : 'No releases yet. Create your first release to get started.'}
        </p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {visible.map((release) => (
            <ReleaseCard
              key={release.id}
              release={release}
              isLatest={latest.has(release.id)}
              isDownloading={downloadingId === release.id}
              onDownload={download}
              onWithdraw={() => setAction({ kind: 'withdraw', release })}
              onRestore={restoreRelease}
              onDelete={() => setAction({ kind: 'delete', release })}
              isRestoring={restore.isPending && restore.variables === release.id}
            />
          ))}
        </div>
      )}

      <NewReleaseDialog open={dialogOpen} onOpenChange={changeDialog} plugins={plugins.data ?? []} />
      <ReleaseActionDialog action={action} onOpenChange={(open) => !open && setAction(null)} />
    </div>
  );
}
