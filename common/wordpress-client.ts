import { z } from 'zod';
import { SPELLINGS, type Spelling } from './store-terms.js';

// GET /api/admin/wordpress-client: what the "WordPress client" page pre-fills its snippet with.
export const wordpressClientInfoSchema = z.object({
  /** This server's public URL (Settings base URL, else the address the admin is browsing). */
  server_url: z.string(),
  /** Base64 Ed25519 public key: signs release zips and validation answers. */
  public_key: z.string(),
  library_version: z.string(),
  /** The shop's buyer-facing spelling and key prefix (common/store-terms.ts): the client's screens say the same. */
  spelling: z.enum(SPELLINGS),
  license_key_prefix: z.string(),
});
export type WordpressClientInfo = z.infer<typeof wordpressClientInfoSchema>;

export const WORDPRESS_CLIENT_DOWNLOAD_PATH = '/api/admin/wordpress-client/download';

/** The lines a plugin author pastes into their plugin's main file. */
export function wordpressClientSnippet(input: {
  serverUrl: string;
  publicKey: string;
  slug: string;
  name: string;
  /** The shop's spelling and key prefix (issue 40); left out, the client's defaults (British, no prefix). */
  spelling?: Spelling;
  keyPrefix?: string;
}): string {
  const quote = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  return `require_once __DIR__ . '/lib/plugin-licensing-client.php';

$GLOBALS['${input.slug.replace(/[^a-z0-9_]/gi, '_')}_licence'] = new Plugin_Licensing_Client( array(
\t'server'      => ${quote(input.serverUrl)},
\t'plugin_file' => __FILE__,
\t'slug'        => ${quote(input.slug)},
\t'name'        => ${quote(input.name)},
\t'public_keys' => array( ${quote(input.publicKey)} ),
\t'grace_days'  => 7,${input.spelling ? `\n\t'spelling'    => ${quote(input.spelling)},` : ''}${input.keyPrefix ? `\n\t'key_prefix'  => ${quote(input.keyPrefix)},` : ''}
) );`;
}
