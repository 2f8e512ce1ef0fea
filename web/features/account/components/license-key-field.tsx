import { useState } from 'react';
import { Copy, Eye, EyeOff } from 'lucide-react';
import { maskLicenseKey } from '@common/license-key';
import { Button } from '@/components/ui/button';
import { useSpelling } from '@/lib/brand';
import { toast } from '@/lib/use-toast';

async function copyKey(key: string, say: (text: string) => string): Promise<void> {
  try {
    await navigator.clipboard.writeText(key);
    toast({ title: 'Copied', description: say('The licence key is on the clipboard.') });
  } catch {
    toast({ title: 'Copy Failed', description: 'Reveal the key, select it and copy it by hand.', variant: 'destructive' });
  }
}

/** The licence key, masked (8022-****-****-****-AB12) until Reveal, with a Copy button that copies the whole key. */
export function LicenseKeyField({ licenseKey }: { licenseKey: string }) {
  const [revealed, setRevealed] = useState(false);
  const say = useSpelling();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <code className="min-w-0 break-all rounded-md bg-muted px-2 py-1 font-mono text-sm" data-testid="licence-key">
        {revealed ? licenseKey : maskLicenseKey(licenseKey)}
      </code>
      <div className="flex gap-1">
        <Button type="button" variant="outline" size="sm" aria-pressed={revealed} onClick={() => setRevealed((shown) => !shown)}>
          {revealed ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          {revealed ? 'Hide' : 'Reveal'}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => void copyKey(licenseKey, say)}>
          <Copy aria-hidden="true" />
          Copy
        </Button>
      </div>
    </div>
  );
}
