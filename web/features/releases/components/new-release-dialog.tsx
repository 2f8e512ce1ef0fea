import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { AdminPlugin } from '@common/plugins';
import { VERSION_HINT, VERSION_PATTERN } from '@common/versions';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SelectField, type SelectOption } from '@/components/option-select';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useCreateRelease } from '../api/create-release';
import { pluginLabel } from '../lib/release-labels';
import { FormActions } from '@/components/form-actions';

interface NewReleaseDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  plugins: AdminPlugin[];
}

const CHANNEL_OPTIONS: Array<SelectOption<'stable' | 'beta'>> = [
  { value: 'stable', label: 'Stable' },
  { value: 'beta', label: 'Beta' },
];

/** The browser's own check of the version field, and the hint it shows. */
const VERSION_RULE = { pattern: VERSION_PATTERN.source.slice(1, -1), title: VERSION_HINT };

interface FormErrors {
  plugin?: string;
  version?: string;
  file?: string;
  rollout?: string;
}

export function NewReleaseDialog({ open, onOpenChange, plugins }: NewReleaseDialogProps) {
  const [pluginSlug, setPluginSlug] = useState('');
  const [version, setVersion] = useState('');
  const [notes, setNotes] = useState('');
  const [channel, setChannel] = useState<'stable' | 'beta'>('stable');
  const [rollout, setRollout] = useState('100');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  // The server's refusal (wrong header version, top folder, not a zip, ...) stays in the dialog to act on.
  const [serverError, setServerError] = useState<string | null>(null);
  const createRelease = useCreateRelease();

  const reset = () => {
    setPluginSlug('');
    setVersion('');
    setNotes('');
    setChannel('stable');
    setRollout('100');
    setFile(null);
    setErrors({});
    setServerError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: FormErrors = {};
    if (!pluginSlug) next.plugin = 'Plugin selection is required';
    if (!version.trim()) next.version = 'Version is required';
    else if (!VERSION_PATTERN.test(version.trim())) next.version = VERSION_HINT;
    if (!file) next.file = 'Choose the plugin .zip file';
    const rolloutPercent = Number(rollout);
    if (!/^\d{1,3}$/.test(rollout.trim()) || rolloutPercent > 100) next.rollout = 'Enter a whole percentage from 0 to 100';
    setErrors(next);
    if (next.plugin || next.version || next.rollout || !file) return;
    setServerError(null);
    createRelease.mutate(
      { pluginSlug, version: version.trim(), notes, channel, rolloutPercent, file },
      {
        onSuccess: (release) => {
          toast({ title: 'Release Created', description: release.notice ?? `Version ${release.version} has been uploaded and signed.` });
          reset();
          onOpenChange(false);
        },
        onError: (error) => {
          const message = errorMessage(error, 'Failed to create release');
          setServerError(message);
          toast({ title: 'Error', description: message, variant: 'destructive' });
        },
      },
    );
  };

  const versionLooksWrong = version.trim() !== '' && !VERSION_PATTERN.test(version.trim());
  const isVersionInvalid = Boolean(errors.version) || versionLooksWrong;
  const changeVersion = (event: ChangeEvent<HTMLInputElement>) => {
    setVersion(event.target.value);
    setErrors((current) => ({ ...current, version: undefined }));
  };
  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    setFile(event.target.files?.[0] ?? null);
    setErrors((current) => ({ ...current, file: undefined }));
    setServerError(null);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create New Release</DialogTitle>
          <DialogDescription>Upload a new version of a plugin. The server stores and signs the zip.</DialogDescription>
        </DialogHeader>
        <form className="space-y-4" onSubmit={submit} noValidate>
          <SelectField
            id="release-plugin"
            label="Plugin"
            placeholder="Select a plugin"
            ariaInvalid={Boolean(errors.plugin)}
            value={pluginSlug}
            onChange={(slug) => {
              setPluginSlug(slug);
              setErrors((current) => ({ ...current, plugin: undefined }));
            }}
            options={plugins.map((plugin) => ({ value: plugin.slug, label: pluginLabel(plugin.slug) }))}
          >
            {errors.plugin && <p className="text-sm text-destructive">{errors.plugin}</p>}
          </SelectField>
          <div className="space-y-2">
            <Label htmlFor="release-version">Version</Label>
            <Input id="release-version" placeholder="1.0.0" value={version} {...VERSION_RULE} aria-invalid={isVersionInvalid} onChange={changeVersion} />
            {errors.version ? (
              <p className="text-sm text-destructive">{errors.version}</p>
            ) : (
              versionLooksWrong && <p className="text-sm text-muted-foreground">{VERSION_HINT}</p>
            )}
          </div>
          <div className="space-y-2">
            <Label htmlFor="release-notes">Release Notes</Label>
            <Textarea
              id="release-notes"
              rows={4}
              placeholder="What changed in this version?"
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
            />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <SelectField id="release-channel" label="Channel" value={channel} onChange={setChannel} options={CHANNEL_OPTIONS} />
            <div className="space-y-2">
              <Label htmlFor="release-rollout">Rollout (% of sites)</Label>
              <Input
                id="release-rollout"
                inputMode="numeric"
                value={rollout}
                onChange={(event) => setRollout(event.target.value)}
                aria-invalid={Boolean(errors.rollout)}
              />
              {errors.rollout && <p className="text-sm text-destructive">{errors.rollout}</p>}
            </div>
          </div>
          <div className="space-y-2">
            <Label htmlFor="release-file">Plugin File</Label>
            <Input id="release-file" type="file" accept=".zip,application/zip" onChange={chooseFile} />
            <p className="text-xs text-muted-foreground">Maximum file size: 50MB</p>
            {errors.file && <p className="text-sm text-destructive">{errors.file}</p>}
          </div>
          {serverError && (
            <Alert variant="destructive">
              <AlertDescription data-testid="release-upload-error">{serverError}</AlertDescription>
            </Alert>
          )}
          <FormActions label="Create Release" pendingLabel="Creating Release..." isPending={createRelease.isPending} onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
