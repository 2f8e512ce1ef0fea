import { Skeleton } from '@/components/ui/skeleton';
import { usePageMeta } from '@/lib/page-meta';
import { useAdminStoreIdentity } from '../api/store-identity';
import { IdentityForm } from '../components/identity-form';
import { LogoCard } from '../components/logo-card';
import { PagesEditor } from '../components/pages-editor';
import { TermsCard } from '../components/terms-card';
import { PageHeader } from '@/components/page-header';
import { LoadErrorAlert } from '@/components/load-error-alert';

/** The admin page "Storefront": the vendor's name, logo, colour and details (docs/storefront.md, "Store identity"). */
export function StorefrontAdminPage() {
  usePageMeta('Storefront');
  const identity = useAdminStoreIdentity();
  return (
    <div className="space-y-6">
      <PageHeader title="Storefront" description="Your store's name, logo, colour, details and terms, as buyers see them." />
      {identity.isLoading ? (
        <Skeleton className="h-96 w-full" />
      ) : identity.isError || !identity.data ? (
        <LoadErrorAlert title="Failed to load the storefront" error={identity.error} />
      ) : (
        <>
          <div className="grid items-start gap-6 xl:grid-cols-[2fr_1fr]">
            <IdentityForm identity={identity.data} />
            <LogoCard identity={identity.data} />
          </div>
          <TermsCard identity={identity.data} />
        </>
      )}
      <PagesEditor />
    </div>
  );
}
