import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { ImagePlus } from 'lucide-react';
import { ACCEPTED_IMAGE_MIME_TYPES, MAX_IMAGE_BYTES, type PluginImage } from '@common/images';
import type { AdminPlugin } from '@common/plugins';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { usePluginImages } from '../api/get-plugin-images';
import { useDeleteImage } from '../api/delete-image';
import { useUpdateImage } from '../api/update-image';
import { useUploadImage } from '../api/upload-image';
import { ImageCard } from './image-card';
import { PendingUploads, type PendingImage } from './pending-uploads';
import { PluginSelect } from '@/components/plugin-select';
import { LoadErrorAlert } from '@/components/load-error-alert';

const isAcceptedType = (file: File) => (ACCEPTED_IMAGE_MIME_TYPES as readonly string[]).includes(file.type);
let pendingCounter = 0;

export function ImagesTab({ plugins }: { plugins: AdminPlugin[] }) {
  const [slug, setSlug] = useState(plugins[0]?.slug ?? '');
  if (plugins.length === 0) return <p className="py-10 text-center text-muted-foreground">No plugins found</p>;
  return (
    <div className="space-y-4">
      <PluginSelect id="images-plugin" plugins={plugins} value={slug} onChange={setSlug} className="max-w-sm" />
      {slug && <ImageGallery key={slug} slug={slug} />}
    </div>
  );
}

function ImageGallery({ slug }: { slug: string }) {
  const images = usePluginImages(slug);
  const upload = useUploadImage();
  const update = useUpdateImage();
  const remove = useDeleteImage();
  const [pending, setPending] = useState<PendingImage[]>([]);
  const [deleteTarget, setDeleteTarget] = useState<PluginImage | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const previews = useRef(new Set<string>());

  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const changePending = (id: string, changes: Partial<PendingImage>) =>
    setPending((items) => items.map((item) => (item.id === id ? { ...item, ...changes } : item)));
  const removePending = (id: string) => setPending((items) => items.filter((item) => item.id !== id));

  const chooseFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.some((file) => !isAcceptedType(file))) {
      toast({ title: 'Invalid Files', description: 'Please select image files only (JPEG, PNG, WebP)', variant: 'destructive' });
      return;
    }
    const tooLarge = files.find((file) => file.size > MAX_IMAGE_BYTES);
    if (tooLarge) {
      toast({ title: 'File Too Large', description: `${tooLarge.name} is larger than 5MB`, variant: 'destructive' });
      return;
    }
    const added = files.map((file): PendingImage => {
      const previewUrl = URL.createObjectURL(file);
      previews.current.add(previewUrl);
      pendingCounter += 1;
      return { id: `pending-${pendingCounter}`, file, previewUrl, type: 'screenshot', caption: '', status: 'idle' };
    });
    setPending((items) => [...items, ...added]);
  };

  const uploadOne = (item: PendingImage) => {
    changePending(item.id, { status: 'uploading', error: undefined });
    upload.mutate(
      { slug, file: item.file, type: item.type, caption: item.caption.trim(), sortOrder: images.data?.length ?? 0 },
      {
        onSuccess: () => {
          removePending(item.id);
          toast({ title: 'Image Uploaded', description: `${item.file.name} has been added.` });
        },
        onError: (error) =>
          changePending(item.id, { status: 'error', error: error instanceof ApiError ? (error.serverMessage ?? 'Upload failed') : 'File upload failed' }),
      },
    );
  };

  const saveCaption = async (image: PluginImage, caption: string): Promise<boolean> => {
    try {
      await update.mutateAsync({ slug, id: image.id, patch: { caption } });
      toast({ title: 'Image Updated', description: 'The caption has been saved.' });
      return true;
    } catch (error) {
      toast({ title: 'Update Failed', description: errorMessage(error, 'Failed to update image'), variant: 'destructive' });
      return false;
    }
  };

  const setPrimary = (image: PluginImage) =>
    update.mutate(
      { slug, id: image.id, patch: { is_primary: true } },
      {
        onSuccess: () => toast({ title: 'Image Updated', description: 'The primary image has been changed.' }),
        onError: (error) => toast({ title: 'Update Failed', description: errorMessage(error, 'Failed to update image'), variant: 'destructive' }),
      },
    );

  const confirmDelete = (image: PluginImage) =>
    remove.mutate(
      { slug, id: image.id },
      {
        onSuccess: () => toast({ title: 'Image Deleted', description: 'The image has been removed.' }),
        onError: (error) => toast({ title: 'Delete Failed', description: errorMessage(error, 'Failed to delete image'), variant: 'destructive' }),
        onSettled: () => setDeleteTarget(null),
      },
    );

  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="space-y-1.5">
          <CardTitle>Plugin Images</CardTitle>
          <CardDescription>JPEG, PNG or WebP, up to 5MB each. The primary image leads on the storefront.</CardDescription>
        </div>
        <Button onClick={() => fileInput.current?.click()}>
          <ImagePlus /> Add Images
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          className="hidden"
          data-testid="image-file-input"
          onChange={chooseFiles}
        />
      </CardHeader>
      <CardContent className="space-y-4">
        <PendingUploads items={pending} onChange={changePending} onUpload={uploadOne} onRemove={removePending} />
        {images.isLoading ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 3 }, (_, index) => (
              <Skeleton key={index} className="aspect-video w-full" />
            ))}
          </div>
        ) : images.isError ? (
          <LoadErrorAlert title="Failed to load plugin images" error={images.error} />
        ) : (images.data ?? []).length === 0 ? (
          <p className="py-8 text-center text-sm text-muted-foreground">No images yet. Add screenshots to show this plugin on the storefront.</p>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {(images.data ?? []).map((image) => (
              <ImageCard
                key={image.id}
                image={image}
                isBusy={update.isPending || remove.isPending}
                onSaveCaption={(caption) => saveCaption(image, caption)}
                onSetPrimary={() => setPrimary(image)}
                onDelete={() => setDeleteTarget(image)}
              />
            ))}
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={deleteTarget !== null}
        onOpenChange={(open) => !open && setDeleteTarget(null)}
        title="Delete this image?"
        description="The image and its files are removed from the server. This cannot be undone."
        pending={remove.isPending}
        pendingLabel="Delete"
        confirmLabel="Delete"
        onConfirm={() => deleteTarget && confirmDelete(deleteTarget)}
      />
    </Card>
  );
}
