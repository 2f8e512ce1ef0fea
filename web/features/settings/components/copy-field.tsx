import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/use-toast';

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied', description: 'Copied to the clipboard.' });
  } catch {
    toast({ title: 'Copy Failed', description: 'Select the text and copy it by hand.', variant: 'destructive' });
  }
}

/** A read-only value with a copy button. */
export function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="flex gap-2">
      <Input id={id} aria-label={label} value={value} readOnly className="font-mono text-xs" onFocus={(event) => event.target.select()} />
      <Button type="button" variant="outline" size="icon" aria-label={`Copy ${label}`} onClick={() => void copyText(value)}>
        <Copy />
      </Button>
    </div>
  );
}
