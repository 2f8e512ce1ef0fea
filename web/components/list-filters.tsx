import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { OptionSelect } from '@/components/option-select';

/** A list page's search box: the magnifier inside the input, which names what it searches. */
export function SearchBox(props: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  type?: 'search';
  className?: string;
}) {
  return (
    <div className={props.className ?? 'relative flex-1'}>
      <Search className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <Input
        type={props.type}
        className="pl-9"
        placeholder={props.placeholder}
        aria-label={props.label}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        maxLength={props.maxLength}
      />
    </div>
  );
}

/** "All Plugins" (the value `all`) or one plugin: a list page's plugin filter. */
export function PluginFilter(props: {
  value: string;
  onChange: (value: string) => void;
  plugins: ReadonlyArray<{ slug: string; name: string }> | undefined;
  label?: (plugin: { slug: string; name: string }) => string;
  className: string;
}) {
  return (
    <OptionSelect
      ariaLabel="Filter by plugin"
      triggerClassName={props.className}
      value={props.value}
      onChange={props.onChange}
      options={[
        { value: 'all', label: 'All Plugins' },
        ...(props.plugins ?? []).map((plugin) => ({ value: plugin.slug, label: props.label ? props.label(plugin) : plugin.name })),
      ]}
    />
  );
}
