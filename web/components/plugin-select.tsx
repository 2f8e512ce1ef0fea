import type { AdminPlugin } from '@common/plugins';
import { SelectField } from '@/components/option-select';
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
    <SelectField
      id={id}
      label="Plugin"
      className={cn('flex flex-col gap-2', className)}
      ariaLabel="Plugin"
      placeholder="Select a plugin"
      value={value}
      onChange={onChange}
      options={plugins.map((plugin) => ({ value: plugin.slug, label: plugin.name }))}
    />
  );
}
