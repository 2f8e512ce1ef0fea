import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Check } from 'lucide-react';
import type { ChangelogEntry, PublicPlugin } from '@common/catalog';
import { MarkdownContent } from '@/components/markdown-content';
import { formatDate } from '@/lib/dates';
import { cn } from '@/lib/utils';

function CheckList({ items }: { items: string[] }) {
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden="true" />
          {item}
        </li>
      ))}
    </ul>
  );
}

/** The changelog of the plugin's releases' readmes, newest first; each entry's HTML made by common/markdown.ts on the server. */
function Changelog({ entries }: { entries: ChangelogEntry[] }) {
  return (
    <ol className="space-y-6" data-testid="plugin-changelog">
      {entries.map((entry) => (
        <li key={entry.version} className="space-y-2">
          <h3 className="font-semibold">
            {entry.version}
            {entry.date && (
              <>
                {' '}
                <time dateTime={entry.date} className="ml-1 text-sm font-normal text-muted-foreground">
                  {formatDate(entry.date)}
                </time>
              </>
            )}
          </h3>
          <MarkdownContent html={entry.html} className="space-y-2 text-sm" />
        </li>
      ))}
    </ol>
  );
}

const TABS = ['Features', 'Benefits', 'Requirements', 'Changelog'] as const;
type Tab = (typeof TABS)[number];

/**
 * Features, Benefits and Requirements (docs/product-spec.md section 2), and the Changelog of the releases' readmes
 * (`changelog`, from the plugin's details); use cases sit with the benefits. A tab whose
 * lists are empty is left out, and with all three empty so is the whole block (issue 25: a vendor's plugin shows no
 * empty sections). A small WAI-ARIA tabs
 * pattern (arrow keys, Home/End) rather than the Radix tabs primitive: it keeps about 10 KB of gzipped
 * JavaScript off the plugin page, which must score 95 in Lighthouse (docs/design.md section 9).
 */
export function PluginDetailsTabs({ plugin, changelog = [] }: { plugin: PublicPlugin; changelog?: ChangelogEntry[] }) {
  const filled: Record<Tab, boolean> = {
    Features: plugin.features.length > 0,
    Benefits: plugin.benefits.length > 0 || plugin.use_cases.length > 0,
    Requirements: plugin.requirements.length > 0,
    Changelog: changelog.length > 0,
  };
  const tabs = TABS.filter((tab) => filled[tab]);
  const [chosen, setActive] = useState<Tab>('Features');
  const active = tabs.includes(chosen) ? chosen : (tabs[0] ?? 'Features');
  const id = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  if (tabs.length === 0) return null;
  const select = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length] ?? active;
    setActive(tab);
    tabRefs.current[tabs.indexOf(tab)]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const current = tabs.indexOf(active);
    const next = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };
  const panels: Record<Tab, ReactNode> = {
    Features: <CheckList items={plugin.features} />,
    Benefits: (
      <div className="space-y-6">
        <CheckList items={plugin.benefits} />
        {plugin.use_cases.length > 0 && (
          <div>
            <h3 className="mb-2 font-semibold">Perfect for</h3>
            <CheckList items={plugin.use_cases} />
          </div>
        )}
      </div>
    ),
    Requirements: <CheckList items={plugin.requirements} />,
    Changelog: <Changelog entries={changelog} />,
  };
  return (
    <div className="flex flex-col gap-2">
      <div
        role="tablist"
        aria-label="Plugin details"
        className="inline-flex h-9 w-fit max-w-full items-center overflow-x-auto rounded-lg bg-muted p-[3px] text-muted-foreground"
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab, index) => (
          <button
            key={tab}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${index}`}
            aria-selected={tab === active}
            aria-controls={`${id}-panel-${index}`}
            tabIndex={tab === active ? 0 : -1}
            onClick={() => setActive(tab)}
            className={cn(
              'inline-flex h-full shrink-0 items-center rounded-md px-2.5 text-sm font-medium sm:px-3',
              tab === active && 'bg-background text-foreground shadow-sm',
            )}
          >
            {tab}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab}
          role="tabpanel"
          id={`${id}-panel-${index}`}
          aria-labelledby={`${id}-tab-${index}`}
          hidden={tab !== active}
          tabIndex={0}
          className="pt-4 outline-none"
        >
          {tab === active && panels[tab]}
        </div>
      ))}
    </div>
  );
}
