import type { ReactNode } from 'react';
import type { StorePage } from '@common/store-pages';
import { MarkdownContent } from '@/components/markdown-content';
import { Spinner } from '@/components/ui/spinner';
import { StaticPage } from './static-page';

/** "September 2025" (kept here, not in common/store-pages.ts, which would bring zod into the page's chunk). */
const lastUpdatedLabel = (iso: string): string => new Date(iso).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A vendor's text page: title, lead, "Last updated", the Markdown, then what the page adds (`children`). */
export function StorePageView({ page, isError, children }: { page: StorePage | undefined; isError: boolean; children?: ReactNode }) {
  if (!page)
    return isError ? (
      <StaticPage title="Page unavailable">
        <p className="text-muted-foreground">This page could not be loaded. Please try again later.</p>
      </StaticPage>
    ) : (
      <div className="flex justify-center p-16">
        <Spinner />
      </div>
    );
  return (
    <StaticPage
      title={page.title}
      lead={
        <>
          {page.lead && <span className="block">{page.lead}</span>}
          {page.updated_at && <span className="mt-1 block text-sm">Last updated: {lastUpdatedLabel(page.updated_at)}</span>}
        </>
      }
    >
      {page.html && <MarkdownContent html={page.html} />}
      {children}
    </StaticPage>
  );
}
