import type { ReactNode } from 'react';
import { categoriesInUse, categoryLabel, DEMO_CATEGORIES, MAX_CATEGORY_LENGTH } from '@common/categories';
import { useAdminPlugins } from '@/lib/admin-plugins';
import { MAX_SHORT_DESCRIPTION } from '@common/plugin-admin';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { PluginFormErrors, PluginFormValues } from '../lib/plugin-form';
import { FaqEditor } from './faq-editor';

type FieldName = keyof PluginFormValues;

interface FieldsProps {
  values: PluginFormValues;
  errors: PluginFormErrors;
  onChange: (changes: Partial<PluginFormValues>) => void;
}

function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        hint && <p className="text-xs text-muted-foreground">{hint}</p>
      )}
    </div>
  );
}

const inputProps = (name: FieldName, { values, errors, onChange }: FieldsProps) => ({
  id: `plugin-${name}`,
  value: values[name] as string,
  onChange: (event: { target: { value: string } }) => onChange({ [name]: event.target.value }),
  'aria-invalid': errors[name] ? true : undefined,
  'aria-describedby': errors[name] ? `plugin-${name}-error` : undefined,
});

/** Name, slug, short description and category: what the create dialog asks and the edit page starts with. */
export function PluginIdentityFields(props: FieldsProps & { slugLockedReason?: string | null; onSlugEdited?: () => void }) {
  const { errors, onChange, slugLockedReason, onSlugEdited } = props;
  return (
    <>
      <Field id="plugin-name" label="Name" error={errors.name}>
        <Input {...inputProps('name', props)} placeholder="Stock Alerts" maxLength={100} />
      </Field>
      <Field
        id="plugin-slug"
        label="Slug"
        error={errors.slug}
        hint={slugLockedReason ?? 'Lowercase letters, digits and hyphens, as in the plugin folder name. It cannot change once a licence or a release uses it.'}
      >
        <Input
          {...inputProps('slug', props)}
          onChange={(event) => {
            onSlugEdited?.();
            onChange({ slug: event.target.value });
          }}
          className="font-mono"
          placeholder="stock-alerts"
          disabled={Boolean(slugLockedReason)}
        />
      </Field>
      <Field
        id="plugin-description"
        label="Short Description"
        error={errors.description}
        hint={`Shown on the catalogue cards, at most ${MAX_SHORT_DESCRIPTION} characters.`}
      >
        <Textarea {...inputProps('description', props)} rows={2} />
      </Field>
      <Field
        id="plugin-category"
        label="Category"
        error={errors.category}
        hint="Your own word for it, e.g. SEO or Shipping; the catalogue's filter lists the categories in use."
      >
        <Input {...inputProps('category', props)} list="plugin-category-suggestions" maxLength={MAX_CATEGORY_LENGTH} />
        <CategorySuggestions />
      </Field>
    </>
  );
}

/** The storefront and WordPress details the edit page adds. */
export function PluginDetailFields(props: FieldsProps) {
  const { values, errors, onChange } = props;
  return (
    <>
      <Field
        id="plugin-long_description"
        label="Long Description"
        error={errors.long_description}
        hint="The full description, shown in WordPress's plugin details."
      >
        <Textarea {...inputProps('long_description', props)} rows={6} />
      </Field>
      <div className="grid gap-4 md:grid-cols-2">
        <Field id="plugin-features" label="Features" error={errors.features} hint="One per line.">
          <Textarea {...inputProps('features', props)} rows={5} />
        </Field>
        <Field id="plugin-benefits" label="Benefits" error={errors.benefits} hint="One per line.">
          <Textarea {...inputProps('benefits', props)} rows={5} />
        </Field>
        <Field id="plugin-requirements" label="Requirements" error={errors.requirements} hint="One per line, e.g. WordPress 6.0+.">
          <Textarea {...inputProps('requirements', props)} rows={5} />
        </Field>
        <Field id="plugin-use_cases" label="Use Cases" error={errors.use_cases} hint="One per line; the plugin page lists them under Perfect for.">
          <Textarea {...inputProps('use_cases', props)} rows={5} />
        </Field>
      </div>
      <FaqEditor entries={values.faq} error={errors.faq} onChange={(faq) => onChange({ faq })} />
      <div className="grid gap-4 md:grid-cols-3">
        <Field id="plugin-homepage" label="Homepage" error={errors.homepage}>
          <Input {...inputProps('homepage', props)} type="url" placeholder="https://" />
        </Field>
        <Field id="plugin-documentation_url" label="Documentation URL" error={errors.documentation_url}>
          <Input {...inputProps('documentation_url', props)} type="url" placeholder="https://" />
        </Field>
        <Field id="plugin-author" label="Author" error={errors.author}>
          <Input {...inputProps('author', props)} maxLength={100} />
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" checked={values.is_featured} onChange={(event) => onChange({ is_featured: event.target.checked })} />
        Featured on the landing page
      </label>
    </>
  );
}

/** The product's id and name in Easy Digital Downloads: sites moved from there send them (docs/migrating.md). */
export function PluginEddFields(props: FieldsProps) {
  const { errors } = props;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Field id="plugin-edd_item_id" label="EDD Item ID" error={errors.edd_item_id} hint="The download's ID in Easy Digital Downloads, if it was sold there.">
        <Input {...inputProps('edd_item_id', props)} inputMode="numeric" />
      </Field>
      <Field id="plugin-edd_item_name" label="EDD Item Name" error={errors.edd_item_name} hint="Its name there, for plugins that send item_name.">
        <Input {...inputProps('edd_item_name', props)} maxLength={200} />
      </Field>
    </div>
  );
}

/** The categories other plugins use (and the demo's), offered while typing. */
function CategorySuggestions() {
  const plugins = useAdminPlugins();
  const categories = [...new Set([...categoriesInUse(plugins.data ?? []), ...DEMO_CATEGORIES])];
  return (
    <datalist id="plugin-category-suggestions">
      {categories.map((category) => (
        <option key={category} value={category}>
          {categoryLabel(category)}
        </option>
      ))}
    </datalist>
  );
}
