import { useId, type ComponentType, type ReactNode } from 'react';
import { BookOpen, Globe } from 'lucide-react';
import type { PublicPlugin } from '@common/catalog';
import { toParagraphs, webLink } from '../lib/vendor-text';

type Vendor = Pick<PublicPlugin, 'long_description' | 'author' | 'documentation_url' | 'homepage'>;

function OutboundLink({ href, icon: Icon, children }: { href: string; icon: ComponentType<{ className?: string }>; children: ReactNode }) {
  return (
    // noopener: the vendor's page gets no handle on this window (window.opener).
    <a href={href} target="_blank" rel="noopener" className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
      <Icon className="size-4" aria-hidden="true" />
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** The author and the vendor's documentation and homepage links; nothing when none was entered. */
export function PluginByline({ plugin }: { plugin: Vendor }) {
  const documentation = webLink(plugin.documentation_url);
  const homepage = webLink(plugin.homepage);
  if (!plugin.author && !documentation && !homepage) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm" data-testid="plugin-byline">
      {plugin.author && (
        <span className="text-muted-foreground">
          By <span className="font-medium text-foreground">{plugin.author}</span>
        </span>
      )}
      {documentation && (
        <OutboundLink href={documentation} icon={BookOpen}>
          Documentation
        </OutboundLink>
      )}
      {homepage && (
        <OutboundLink href={homepage} icon={Globe}>
          Plugin homepage
        </OutboundLink>
      )}
    </div>
  );
}

/** The long description as plain-text paragraphs (never HTML); nothing when it is empty. */
export function PluginOverview({ plugin }: { plugin: Vendor }) {
  const id = useId();
  const paragraphs = toParagraphs(plugin.long_description);
  if (paragraphs.length === 0) return null;
  return (
    <section aria-labelledby={id} className="space-y-3" data-testid="plugin-overview">
      <h2 id={id} className="text-xl font-semibold">
        About this plugin
      </h2>
      {paragraphs.map((paragraph, index) => (
        <p key={index} className="whitespace-pre-line leading-relaxed">
          {paragraph}
        </p>
      ))}
    </section>
  );
}
