import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Plus } from 'lucide-react';
import { LICENSE_SEARCH_MAX, type License } from '@common/licenses';
import { Pager } from '@/components/pager';
import { Button } from '@/components/ui/button';
import { SearchBox, PluginFilter } from '@/components/list-filters';
import { usePageMeta } from '@/lib/page-meta';
import { useCursorPages } from '@/lib/cursor-pages';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAdminPlugins } from '@/lib/admin-plugins';
import { useLicenses } from '../api/get-licenses';
import { autoRenewalIds, canRenewAutomatically, useAutoRenewals } from '../api/get-auto-renewals';
import { CreateLicenseDialog } from '../components/create-license-dialog';
import { EditLicenseDialog } from '../components/edit-license-dialog';
import { LicenseCard } from '../components/license-card';
import { RevokeLicenseDialog } from '../components/revoke-license-dialog';
import { CardSkeletons } from '@/components/card-skeletons';

const ALL = 'all';

export function LicensesPage() {
  usePageMeta('Licenses', 'Issue, edit and revoke licence keys and manage the sites they are active on.');
  const [location, navigate] = useLocation();
  const query = useSearch();
  const [search, setSearch] = useState('');
  // The page shown and, for the one after or before the last shown, its keyset cursor (as cheap deep in a big shop).
  const { at, setPage, onPage } = useCursorPages();
  const [pluginFilter, setPluginFilter] = useState(ALL);
  const [creating, setCreating] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [revoking, setRevoking] = useState<License | null>(null);
  const plugins = useAdminPlugins();
  // One page at a time, searched and filtered on the server (GET /api/admin/licenses?page=…); the search is asked
  // once the typing pauses for 300 ms.
  const searched = useDebouncedValue(search, 300);
  // A new search or filter starts again at the first page.
  const firstPage = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPage(1);
  };
  const licenses = useLicenses({ ...at, search: searched, pluginSlug: pluginFilter === ALL ? undefined : pluginFilter });
  const list = licenses.data;

  // ?action=create opens the dialog once, then the parameter is removed from the address.
  useEffect(() => {
    if (new URLSearchParams(query).get('action') === 'create') {
      setCreating(true);
      navigate(location, { replace: true });
    }
  }, [query, location, navigate]);

  const pluginNames = useMemo(() => new Map((plugins.data ?? []).map((p) => [p.slug, p.name])), [plugins.data]);
  const shown = useMemo(() => list?.licenses ?? [], [list]);
  // Automatic renewal of the page's licences that can renew, in one request (not one per card).
  const autoRenewIds = useMemo(() => autoRenewalIds(shown), [shown]);
  const autoRenewals = useAutoRenewals(autoRenewIds);

  // A page left empty (the list shrank under it) goes back to the first.
  useEffect(() => {
    if (list && list.licenses.length === 0 && list.page > 1) setPage(1);
  }, [list, setPage]);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">Licenses</h1>
        <Button onClick={() => setCreating(true)}>
          <Plus />
          New License
        </Button>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchBox label="Search licenses" placeholder="Search licenses..." value={search} onChange={firstPage(setSearch)} maxLength={LICENSE_SEARCH_MAX} />
        <PluginFilter className="sm:w-64" value={pluginFilter} onChange={firstPage(setPluginFilter)} plugins={plugins.data} />
      </div>

      {licenses.isPending ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          <CardSkeletons testId="licence-skeleton" lines={['h-4 w-3/4', 'h-3 w-1/2', 'h-2 w-full', 'h-3 w-1/3']} />
        </div>
      ) : licenses.isError ? (
        <div role="alert" className="rounded-md border border-destructive/50 p-4 text-sm text-destructive">
          <p>Failed to load licenses. Please try again.</p>
          <p className="text-xs opacity-80">{licenses.error.message}</p>
        </div>
      ) : shown.length === 0 ? (
        <p className="rounded-md border border-dashed p-8 text-center text-sm text-muted-foreground">
          {searched.trim() ? `No licenses found matching "${searched.trim()}"` : 'No licenses yet. Create your first license to get started.'}
        </p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {shown.map((license) => (
            <LicenseCard
              key={license.id}
              license={license}
              pluginName={pluginNames.get(license.plugin_slug) ?? license.plugin_slug}
              autoRenewal={canRenewAutomatically(license) ? autoRenewals.data?.[license.id] : undefined}
              onEdit={() => setEditingId(license.id)}
              onRevoke={() => setRevoking(license)}
            />
          ))}
        </div>
      )}
      {list && list.licenses.length > 0 && (
        <Pager label="License pages" testId="licenses-range" list={list} shown={list.licenses.length} onPage={onPage(list)} />
      )}

      <CreateLicenseDialog open={creating} onOpenChange={setCreating} />
      <EditLicenseDialog licenseId={editingId} onOpenChange={(open) => !open && setEditingId(null)} />
      <RevokeLicenseDialog license={revoking} onOpenChange={(open) => !open && setRevoking(null)} />
    </div>
  );
}
