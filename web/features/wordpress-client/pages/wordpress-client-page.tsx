import { useState } from 'react';
import { Copy, Download } from 'lucide-react';
import { WORDPRESS_CLIENT_DOWNLOAD_PATH, wordpressClientSnippet } from '@common/wordpress-client';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { PluginSelect } from '@/components/plugin-select';
import { useAdminPlugins } from '@/lib/admin-plugins';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/use-toast';
import { useWordpressClient } from '../api/get-wordpress-client';
import { PageHeader } from '@/components/page-header';
import { LoadErrorAlert } from '@/components/load-error-alert';

async function copy(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied', description: 'Copied to the clipboard.' });
  } catch {
    toast({ title: 'Copy Failed', description: 'Select the text and copy it by hand.', variant: 'destructive' });
  }
}

function CodeBlock({ label, code }: { label: string; code: string }) {
  return (
    <div className="relative">
      <pre aria-label={label} className="bg-muted max-w-full overflow-x-auto rounded-md p-4 pr-12 font-mono text-xs leading-relaxed">
        {code}
      </pre>
      <Button type="button" variant="outline" size="icon" className="absolute top-2 right-2" aria-label={`Copy ${label}`} onClick={() => void copy(code)}>
        <Copy />
      </Button>
    </div>
  );
}

/** The PHP library for plugin authors: download, and the lines to paste, pre-filled for this server. */
export function WordpressClientPage() {
  usePageMeta('WordPress client');
  const info = useWordpressClient();
  const plugins = useAdminPlugins();
  const [chosen, setChosen] = useState('');
  const plugin = plugins.data?.find((p) => p.slug === chosen) ?? plugins.data?.[0];

  return (
    <div className="space-y-6">
      <PageHeader
        title="WordPress client"
        description="A small PHP library for your paid plugins: a licence screen, activation, a daily signed licence check that survives a short server outage, and updates that WordPress verifies with your signing key."
      />
      {info.isLoading || plugins.isLoading ? (
        <Skeleton className="h-96 w-full" />
      ) : info.isError || !info.data ? (
        <LoadErrorAlert title="Failed to load the client details" error={info.error} />
      ) : (
        <div className="grid max-w-4xl grid-cols-1 gap-6">
          <Card>
            <CardHeader>
              <CardTitle>1. Add the library to your plugin</CardTitle>
              <CardDescription>
                Unzip it into your plugin folder, so the file is at <code>lib/plugin-licensing-client.php</code>. Version {info.data.library_version}, PHP 7.4
                or later, WordPress 5.2 or later, no other dependency.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild>
                <a href={WORDPRESS_CLIENT_DOWNLOAD_PATH} download>
                  <Download /> Download the library
                </a>
              </Button>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>2. Paste into the plugin&apos;s main file</CardTitle>
              <CardDescription>
                Pre-filled with this server&apos;s address and public key. Use $GLOBALS[…]-&gt;is_licensed() to unlock paid features.
              </CardDescription>
            </CardHeader>
            <CardContent className="space-y-4">
              {plugins.data && plugins.data.length > 0 ? (
                <PluginSelect id="wordpress-client-plugin" plugins={plugins.data} value={plugin?.slug ?? ''} onChange={setChosen} />
              ) : (
                <p className="text-muted-foreground text-sm">Create a plugin first; the snippet then names its slug.</p>
              )}
              <CodeBlock
                label="plugin snippet"
                code={wordpressClientSnippet({
                  serverUrl: info.data.server_url,
                  publicKey: info.data.public_key,
                  slug: plugin?.slug ?? 'my-plugin',
                  name: plugin?.name ?? 'My Plugin',
                  spelling: info.data.spelling,
                  keyPrefix: info.data.license_key_prefix,
                })}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>3. Clean uninstall</CardTitle>
              <CardDescription>In the plugin&apos;s uninstall.php: frees the site&apos;s seat and removes everything the client stored.</CardDescription>
            </CardHeader>
            <CardContent>
              <CodeBlock
                label="uninstall snippet"
                code={`<?php\nif ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) {\n\texit;\n}\nrequire_once __DIR__ . '/lib/plugin-licensing-client.php';\nPlugin_Licensing_Client::uninstall( '${plugin?.slug ?? 'my-plugin'}', '${info.data.server_url}' );`}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>4. Release an update</CardTitle>
              <CardDescription>
                Zip the plugin with its folder named after the slug and the header&apos;s Version equal to the release version, then upload it on the Releases
                page. Sites see the update within hours, and WordPress installs it only when its signature checks out with the key above.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <p className="text-muted-foreground text-sm break-all">
                Public key: <code>{info.data.public_key}</code>
              </p>
            </CardContent>
          </Card>
        </div>
      )}
    </div>
  );
}
