import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useCreatePlugin } from '../api/create-plugin';
import { checkCreate, EMPTY_PLUGIN_FORM, slugFromName, type PluginFormErrors, type PluginFormValues } from '../lib/plugin-form';
import { PluginIdentityFields } from './plugin-form-fields';
import { FormActions } from '@/components/form-actions';

/** New Plugin: name, slug (suggested from the name until typed), short description and category; then the edit page. */
export function CreatePluginDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreatePlugin();
  const [, navigate] = useLocation();
  const [values, setValues] = useState<PluginFormValues>(EMPTY_PLUGIN_FORM);
  const [errors, setErrors] = useState<PluginFormErrors>({});
  const [isSlugTyped, setIsSlugTyped] = useState(false);

  const close = (next: boolean) => {
    if (!next) {
      setValues(EMPTY_PLUGIN_FORM);
      setErrors({});
      setIsSlugTyped(false);
    }
    onOpenChange(next);
  };

  const change = (changes: Partial<PluginFormValues>) =>
    setValues((current) => {
      const next = { ...current, ...changes };
      if (changes.name !== undefined && !isSlugTyped) next.slug = slugFromName(changes.name);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { slug, name, description, category } = values;
    const checked = checkCreate({ ...EMPTY_PLUGIN_FORM, slug, name, description, category });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const { slug: newSlug, name: newName, description: newDescription, category: newCategory } = checked.payload;
    create.mutate(
      { slug: newSlug, name: newName, description: newDescription, category: newCategory },
      {
        onSuccess: (plugin) => {
          toast({ title: 'Plugin Created', description: `${plugin.name} is ready: add its details, pricing and a release.` });
          close(false);
          navigate(`/plugins/${plugin.slug}`);
        },
        onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to create plugin'), variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New Plugin</DialogTitle>
          <DialogDescription>Add a plugin to your catalogue. It goes on sale once it has pricing and a release.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <PluginIdentityFields values={values} errors={errors} onChange={change} onSlugEdited={() => setIsSlugTyped(true)} />
          <FormActions label="Create Plugin" pendingLabel="Creating Plugin..." isPending={create.isPending} onCancel={() => close(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
