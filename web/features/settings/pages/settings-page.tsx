import { Skeleton } from '@/components/ui/skeleton';
import { usePageMeta } from '@/lib/page-meta';
import { useSettings } from '../api/get-settings';
import { ApiTokenCard } from '../components/api-token-card';
import { EndpointsCard } from '../components/endpoints-card';
import { GeneralSettingsCard } from '../components/general-settings-card';
import { PasswordCard } from '../components/password-card';
import { RenewalRemindersCard } from '../components/renewal-reminders-card';
import { AutoRenewalCard } from '../components/auto-renewal-card';
import { ReleaseHealthSettingsCard } from '../components/release-health-settings-card';
import { RetentionCard } from '../components/retention-card';
import { WebhookSecretsCard } from '../components/webhook-secrets-card';
import { LemonSqueezyStoreCard } from '../components/lemonsqueezy-store-card';
import { WebhookEndpointsCard } from '../components/webhook-endpoints-card';
import { PageHeader } from '@/components/page-header';
import { LoadErrorAlert } from '@/components/load-error-alert';

/** Settings that really save (docs/design.md section 4a): stored in the database, in effect without a restart. */
export function SettingsPage() {
  usePageMeta('Settings');
  const settings = useSettings();

  return (
    <div className="space-y-6">
      <PageHeader title="Settings" description="Server configuration, secrets and access." />
      {settings.isLoading ? (
        <div className="space-y-4">
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : settings.isError || !settings.data ? (
        <LoadErrorAlert title="Failed to load settings" error={settings.error} />
      ) : (
        <div className="grid items-start gap-6 xl:grid-cols-2">
          <GeneralSettingsCard settings={settings.data} />
          <RenewalRemindersCard settings={settings.data} />
          <AutoRenewalCard settings={settings.data} />
          <ReleaseHealthSettingsCard settings={settings.data} />
          <RetentionCard settings={settings.data} />
          <WebhookSecretsCard settings={settings.data} />
          <LemonSqueezyStoreCard settings={settings.data} />
          <ApiTokenCard settings={settings.data} />
          <EndpointsCard settings={settings.data} />
          <WebhookEndpointsCard />
          <PasswordCard />
        </div>
      )}
    </div>
  );
}
