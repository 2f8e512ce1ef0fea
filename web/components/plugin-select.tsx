import type { AdminPlugin } from '@common/plugins';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';

/** A labelled plugin selector (licence dialog, Images and Pricing tabs). */
export function PluginSelect({
  id,
  plugins,
  value,
  onChange,
  className,
}: {
  id: string;
  plugins: AdminPlugin[];
  value: string;
  onChange: (slug: string) => void;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={id}>Plugin</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} aria-label="Plugin">
          <SelectValue placeholder="Select a plugin" />
        </SelectTrigger>
        <SelectContent>
          {plugins.map((plugin) => (
            <SelectItem key={plugin.slug} value={plugin.slug}>
              {plugin.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
