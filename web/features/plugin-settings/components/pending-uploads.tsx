import { Loader2, RotateCcw, Upload, X } from 'lucide-react';
import { IMAGE_TYPES, type ImageType } from '@common/images';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/** A chosen file before it is stored: not uploading → uploading (removed on success) or error (retry). */
export interface PendingImage {
  id: string;
  file: File;
  previewUrl: string;
  type: ImageType;
  caption: string;
  status: 'idle' | 'uploading' | 'error';
  error?: string;
}

interface PendingUploadsProps {
  items: PendingImage[];
  onChange: (id: string, changes: Partial<PendingImage>) => void;
  onUpload: (item: PendingImage) => void;
  onRemove: (id: string) => void;
}

export function PendingUploads({ items, onChange, onUpload, onRemove }: PendingUploadsProps) {
  if (items.length === 0) return null;
  return (
    <ul className="space-y-2" aria-label="Images to upload">
      {items.map((item) => (
        <li key={item.id} className="flex flex-wrap items-center gap-3 rounded-md border p-2" data-testid="pending-image" data-status={item.status}>
          <img
            src={item.previewUrl}
            alt=""
            className="size-14 rounded bg-muted object-cover"
            onError={(event) => (event.currentTarget.style.visibility = 'hidden')}
          />
          <div className="min-w-40 flex-1 space-y-1">
            <div className="truncate text-sm font-medium">{item.file.name}</div>
            {item.status === 'uploading' && (
              <div className="flex items-center gap-1 text-xs text-muted-foreground">
                <Loader2 className="size-3 animate-spin" /> Uploading...
              </div>
            )}
            {item.status === 'error' && <div className="text-xs text-destructive">{item.error ?? 'Upload failed'}</div>}
          </div>
          <select
            aria-label={`Image type for ${item.file.name}`}
            className="h-9 rounded-md border bg-transparent px-2 text-sm"
            value={item.type}
            disabled={item.status === 'uploading'}
            onChange={(event) => onChange(item.id, { type: event.target.value as ImageType })}
          >
            {IMAGE_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
          <Input
            aria-label={`Caption for ${item.file.name}`}
            placeholder="Caption"
            className="w-48"
            value={item.caption}
            disabled={item.status === 'uploading'}
            onChange={(event) => onChange(item.id, { caption: event.target.value })}
          />
          <Button size="sm" onClick={() => onUpload(item)} disabled={item.status === 'uploading'}>
            {item.status === 'error' ? <RotateCcw /> : <Upload />}
            {item.status === 'error' ? 'Retry' : 'Upload'}
          </Button>
          <Button size="icon" variant="ghost" aria-label={`Remove ${item.file.name}`} onClick={() => onRemove(item.id)} disabled={item.status === 'uploading'}>
            <X />
          </Button>
        </li>
      ))}
    </ul>
  );
}
