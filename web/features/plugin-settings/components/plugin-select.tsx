import type { AdminPlugin } from '@common/plugins';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** The plugin selector of the Images and Pricing tabs. */
export function PluginSelect({ id, plugins, value, onChange }: { id: string; plugins: AdminPlugin[]; value: string; onChange: (slug: string) => void }) {
  return (
    <div className="flex max-w-sm flex-col gap-2">
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
