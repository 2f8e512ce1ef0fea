import type { ReactNode } from 'react';

/** The frame of the storefront's text pages: a heading, an optional lead and the content. */
export function StaticPage({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-12">
      <div>
        <h1 className="text-3xl font-bold">{title}</h1>
        {lead && <p className="mt-2 text-lg text-muted-foreground">{lead}</p>}
      </div>
      {children}
    </div>
  );
}
