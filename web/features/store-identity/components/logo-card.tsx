import { useRef, useState, type ChangeEvent } from 'react';
import { MAX_IMAGE_BYTES } from '@common/images';
import type { StoreIdentity } from '@common/store-identity';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useDeleteStoreLogo, useUploadStoreLogo } from '../api/store-identity';

/** The logo beside the store's name in the storefront's header: JPEG, PNG or WebP up to 5 MB, re-encoded by the server. */
export function LogoCard({ identity }: { identity: StoreIdentity }) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadStoreLogo();
  const remove = useDeleteStoreLogo();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    // The server checks again, by the file's bytes: these only save a useless upload.
    if (!file.type.startsWith('image/')) return setError('Please select image files only (JPEG, PNG, WebP)');
    if (file.size > MAX_IMAGE_BYTES) return setError(`${file.name} is larger than 5MB`);
    upload.mutate(file, {
      onSuccess: () => toast({ title: 'Logo Uploaded' }),
      onError: (caught) => setError(errorMessage(caught, 'Upload failed')),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Logo</CardTitle>
        <CardDescription>Shown beside the store name in the header and in search results. JPEG, PNG or WebP, at most 5 MB.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex h-24 items-center justify-center rounded-md border bg-muted/40">
          {identity.logo ? (
            <img src={identity.logo.url} alt="Current logo" className="max-h-20 max-w-full object-contain" />
          ) : (
            <span className="text-sm text-muted-foreground">No logo</span>
          )}
        </div>
        <input ref={input} type="file" accept="image/jpeg,image/png,image/webp" className="sr-only" aria-label="Logo file" onChange={choose} />
        <div className="flex flex-wrap gap-2">
          <Button type="button" onClick={() => input.current?.click()} disabled={upload.isPending}>
            {upload.isPending ? 'Uploading...' : identity.logo ? 'Replace logo' : 'Upload logo'}
          </Button>
          {identity.logo && (
            <Button
              type="button"
              variant="outline"
              disabled={remove.isPending}
              onClick={() => remove.mutate(undefined, { onError: (caught) => setError(errorMessage(caught, 'Failed to remove the logo')) })}
            >
              Remove logo
            </Button>
          )}
        </div>
        {error && (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
