import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

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
    <Select value={props.value} onValueChange={props.onChange}>
      <SelectTrigger className={props.className} aria-label="Filter by plugin">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value="all">All Plugins</SelectItem>
        {(props.plugins ?? []).map((plugin) => (
          <SelectItem key={plugin.slug} value={plugin.slug}>
            {props.label ? props.label(plugin) : plugin.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
