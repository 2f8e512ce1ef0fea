import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import type { AdminPluginDetail } from '@common/plugins';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useUpdatePlugin } from '@/lib/admin-plugins';
import { checkEdit, formFromPlugin, type PluginFormErrors, type PluginFormValues } from '../lib/plugin-form';
import { PluginDetailFields, PluginEddFields, PluginIdentityFields } from './plugin-form-fields';
import { FormActions } from '@/components/form-actions';

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Why the slug field is disabled, or null while the slug may still change. */
const slugLockedReason = (plugin: AdminPluginDetail): string | null =>
  plugin.is_slug_locked
    ? `The slug is fixed: ${count(plugin.licence_count, 'licence')} and ${count(plugin.release_count, 'release')} use it, and WordPress sites send it.`
    : null;

/** Every catalogue field of one plugin, saved together. */
export function PluginEditor({ plugin }: { plugin: AdminPluginDetail }) {
  const update = useUpdatePlugin();
  const [, navigate] = useLocation();
  const [values, setValues] = useState<PluginFormValues>(() => formFromPlugin(plugin));
  const [errors, setErrors] = useState<PluginFormErrors>({});
  const reset = () => {
    setValues(formFromPlugin(plugin));
    setErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkEdit(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    update.mutate(
      { slug: plugin.slug, patch: checked.payload },
      {
        onSuccess: (saved) => {
          toast({ title: 'Plugin Updated', description: `${saved.name} has been saved.` });
          if (saved.slug !== plugin.slug) navigate(`/plugins/${saved.slug}`, { replace: true });
        },
        onError: (error) => toast({ title: 'Update Failed', description: errorMessage(error, 'Failed to update plugin settings'), variant: 'destructive' }),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Details</CardTitle>
        <CardDescription>What the storefront and WordPress show about this plugin.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <div className="grid gap-4 md:grid-cols-2">
            <PluginIdentityFields
              values={values}
              errors={errors}
              onChange={(changes) => setValues((current) => ({ ...current, ...changes }))}
              slugLockedReason={slugLockedReason(plugin)}
            />
          </div>
          <PluginDetailFields values={values} errors={errors} onChange={(changes) => setValues((current) => ({ ...current, ...changes }))} />
          <PluginEddFields values={values} errors={errors} onChange={(changes) => setValues((current) => ({ ...current, ...changes }))} />
          <FormActions className="flex flex-wrap justify-end gap-2" label="Save Changes" isPending={update.isPending} isCancelLocked onCancel={reset} />
        </form>
      </CardContent>
    </Card>
  );
}
