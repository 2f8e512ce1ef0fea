import type { ComponentType, ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A page's answer when what it shows does not exist: an icon, a heading, why, and the way back (`children`). */
export function MissingItem({
  icon: Icon,
  title,
  text,
  className,
  children,
}: {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  title: string;
  text: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('mx-auto flex flex-col items-center px-4 py-24 text-center', className)}>
      <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
      {children}
    </div>
  );
}
