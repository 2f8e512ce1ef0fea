import { useRef } from 'react';
import { Trash2, Upload } from 'lucide-react';
import { ACCEPTED_IMAGE_MIME_TYPES, ARTWORK_SIZES, MAX_IMAGE_BYTES, type ArtworkType } from '@common/images';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useDeleteArtwork } from '../api/delete-artwork';
import { useArtwork } from '../api/get-artwork';
import { useUploadArtwork } from '../api/upload-artwork';

const LABELS: Record<ArtworkType, string> = { icon: 'Icon', banner: 'Banner' };
const sizesText = (type: ArtworkType) => ARTWORK_SIZES[type].map((size) => `${size.width}×${size.height}`).join(' or ');

function ArtworkRow({ slug, type }: { slug: string; type: ArtworkType }) {
  const artwork = useArtwork(slug);
  const upload = useUploadArtwork();
  const remove = useDeleteArtwork();
  const input = useRef<HTMLInputElement>(null);
  const images = (artwork.data ?? []).filter((image) => image.type === type);

  const onFile = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!(ACCEPTED_IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) {
      toast({ title: 'Invalid Files', description: 'Please select image files only (JPEG, PNG, WebP)', variant: 'destructive' });
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      toast({ title: 'File Too Large', description: `${file.name} is larger than 5MB`, variant: 'destructive' });
      return;
    }
    upload.mutate(
      { slug, type, file, replaces: images.map((image) => image.id) },
      {
        onSuccess: () => toast({ title: 'Image Uploaded', description: `${LABELS[type]} saved.` }),
        onError: (error) => toast({ title: 'Upload Failed', description: errorMessage(error, 'Upload failed'), variant: 'destructive' }),
      },
    );
  };

  return (
    <div className="space-y-3" data-testid={`artwork-${type}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <div className="font-medium">{LABELS[type]}</div>
          <div className="text-xs text-muted-foreground">
            {sizesText(type)} pixels (the larger is sharper on high-density screens); a new upload replaces the current one.
          </div>
        </div>
        <input
          ref={input}
          type="file"
          accept={ACCEPTED_IMAGE_MIME_TYPES.join(',')}
          className="hidden"
          aria-label={`${LABELS[type]} file`}
          onChange={(event) => onFile(event.target.files?.[0])}
        />
        <Button variant="outline" size="sm" onClick={() => input.current?.click()} disabled={upload.isPending}>
          <Upload />
          {upload.isPending ? 'Uploading...' : `Upload ${LABELS[type]}`}
        </Button>
      </div>
      {artwork.isPending && <Skeleton className="h-20 w-full" />}
      {artwork.isError && <p className="text-sm text-destructive">Failed to load plugin images</p>}
      {artwork.data && images.length === 0 && <p className="text-sm text-muted-foreground">No {type} yet.</p>}
      <div className="flex flex-wrap gap-3">
        {images.map((image) => (
          <figure key={image.id} className="relative rounded-md border p-2">
            <img
              src={image.url}
              alt={`${LABELS[type]} ${image.id}`}
              className={type === 'icon' ? 'size-20 object-contain' : 'h-20 max-w-full object-contain'}
            />
            <Button
              variant="ghost"
              size="icon"
              className="absolute top-1 right-1 size-7 bg-background/80"
              aria-label={`Delete ${type} ${image.id}`}
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(
                  { slug, id: image.id },
                  {
                    onSuccess: () => toast({ title: 'Image Deleted', description: `${LABELS[type]} removed.` }),
                    onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to delete image'), variant: 'destructive' }),
                  },
                )
              }
            >
              <Trash2 />
            </Button>
          </figure>
        ))}
      </div>
    </div>
  );
}

/** The icon and banner WordPress shows in its update screens (and the storefront: docs/storefront.md), uploaded through the image upload API. */
export function ArtworkCard({ slug }: { slug: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Icon and Banner</CardTitle>
        <CardDescription>
          Shown by WordPress in the plugin&apos;s update and details screens, and on your storefront: the icon on catalogue cards while the plugin has no
          gallery image, the banner across the top of its page. Gallery images are managed in Plugin Settings.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <ArtworkRow slug={slug} type="icon" />
        <ArtworkRow slug={slug} type="banner" />
      </CardContent>
    </Card>
  );
}
