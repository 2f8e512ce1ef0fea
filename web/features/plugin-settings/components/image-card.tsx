import { useState } from 'react';
import { ImageOff, Pencil, Star, Trash2 } from 'lucide-react';
import type { PluginImage } from '@common/images';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';

interface ImageCardProps {
  image: PluginImage;
  isBusy: boolean;
  onSaveCaption: (caption: string) => Promise<boolean>;
  onSetPrimary: () => void;
  onDelete: () => void;
}

/** One gallery image: inline caption edit (save / cancel), set primary, delete, a placeholder if it fails to load. */
export function ImageCard({ image, isBusy, onSaveCaption, onSetPrimary, onDelete }: ImageCardProps) {
  const [isBroken, setIsBroken] = useState(false);
  const [isEditing, setIsEditing] = useState(false);
  const [caption, setCaption] = useState(image.caption);

  const save = async () => {
    if (await onSaveCaption(caption.trim())) setIsEditing(false);
  };

  return (
    <Card className="gap-3 overflow-hidden py-0" data-testid="plugin-image">
      <div className="relative aspect-video bg-muted">
        {isBroken ? (
          <div className="flex size-full items-center justify-center text-muted-foreground" data-testid="image-placeholder">
            <ImageOff className="size-10" aria-label="Image failed to load" />
          </div>
        ) : (
          <img
            src={image.url}
            srcSet={image.srcset || undefined}
            sizes="(min-width: 1024px) 33vw, 100vw"
            alt={image.caption || `${image.type} image`}
            className="size-full object-cover"
            loading="lazy"
            onError={() => setIsBroken(true)}
          />
        )}
        <div className="absolute top-2 left-2 flex gap-1">
          <Badge variant="secondary">{image.type}</Badge>
          {image.is_primary && <Badge>Primary</Badge>}
        </div>
      </div>
      <div className="space-y-2 px-3 pb-3">
        {isEditing ? (
          <div className="flex gap-2">
            <Input aria-label="Caption" value={caption} onChange={(event) => setCaption(event.target.value)} autoFocus />
            <Button size="sm" onClick={() => void save()} disabled={isBusy}>
              Save
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                setCaption(image.caption);
                setIsEditing(false);
              }}
            >
              Cancel
            </Button>
          </div>
        ) : (
          <div className="flex items-center justify-between gap-2">
            <p className="truncate text-sm">{image.caption || <span className="text-muted-foreground">No caption</span>}</p>
            <Button size="icon" variant="ghost" aria-label="Edit caption" onClick={() => setIsEditing(true)}>
              <Pencil />
            </Button>
          </div>
        )}
        <div className="flex gap-2">
          {!image.is_primary && (
            <Button size="sm" variant="outline" onClick={onSetPrimary} disabled={isBusy}>
              <Star /> Set Primary
            </Button>
          )}
          <Button size="sm" variant="outline" className="text-destructive" onClick={onDelete} disabled={isBusy}>
            <Trash2 /> Delete
          </Button>
        </div>
      </div>
    </Card>
  );
}
