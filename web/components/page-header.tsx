import type { ReactNode } from 'react';

/** An admin page's heading and the line under it that says what the page is for. */
export function PageHeader({ title, description }: { title: ReactNode; description: ReactNode }) {
  return (
    <div>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{description}</p>
    </div>
  );
}
