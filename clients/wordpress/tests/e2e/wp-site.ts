// Throw-away WordPress sites for the `wordpress` test project: Debian's `wordpress` package (6.1) linked into a
// folder of its own, with its own wp-config.php, wp-content and MariaDB database (127.0.0.1, root, no password).
// WordPress runs as php-cli scripts (a driver: tests/e2e/wp-driver.php, tests/e2e/edd-driver.php). The test's
// server listens on 127.0.0.1 on a free port, which the site's mu-plugin lets WordPress's safe HTTP reach
// (`http_allowed_safe_ports`, `http_request_host_is_external`); every other host is offline.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';

export const run = promisify(execFile);
export const WORDPRESS = process.env.WORDPRESS_DIR ?? '/usr/share/wordpress';
const MYSQL = ['-h', '127.0.0.1', '-u', 'root'];

export interface WordPressSite {
  name: string;
  host: string;
  dir: string;
  database: string;
  driver: string;
  /** The driver's environment: the site's host, and what the test's plugin and server need. */
  env: Record<string, string>;
}

/** The mu-plugin every test site has: this server on 127.0.0.1 reachable, nothing else. */
const OFFLINE_BUT_LOCAL = `<?php
// Test only: this server listens on 127.0.0.1 on a free port; nothing else is reachable.
add_filter( 'http_request_host_is_external', function ( $external, $host ) { return '127.0.0.1' === $host ? true : $external; }, 10, 2 );
add_filter( 'http_allowed_safe_ports', function ( $ports ) { $ports[] = (int) getenv( 'PLS_E2E_PORT' ); return $ports; } );
add_filter( 'pre_http_request', function ( $pre, $args, $url ) {
\treturn '127.0.0.1' === parse_url( $url, PHP_URL_HOST ) ? $pre : new WP_Error( 'e2e_offline', 'No outside network in the test' );
}, 10, 3 );
`;

/** Runs one driver command on a site; answers its JSON. */
export async function runDriver<T = Record<string, unknown>>(site: WordPressSite, command: string, args: Record<string, unknown> = {}): Promise<T> {
  const { stdout } = await run('php', [site.driver, site.dir, command, JSON.stringify(args)], {
    env: { ...process.env, PLS_E2E_HOST: site.host, ...site.env },
    maxBuffer: 16 * 1024 * 1024,
  });
  try {
    return JSON.parse(stdout) as T;
  } catch {
    throw new Error(`${path.basename(site.driver)} ${command} printed no JSON:\n${stdout.slice(0, 2000)}`);
  }
}

/**
 * A WordPress site `https://{name}.example.com` in `work/{name}`, installed. `muPlugins` adds must-use plugins
 * (file name → PHP) beside the offline one.
 */
export async function createWordPressSite(
  work: string,
  name: string,
  options: { driver: string; env: Record<string, string>; muPlugins?: Record<string, string> },
): Promise<WordPressSite> {
  const dir = path.join(work, name);
  fs.mkdirSync(dir);
  for (const entry of fs.readdirSync(WORDPRESS)) {
    if (entry === 'wp-config.php' || entry === 'wp-content') continue;
    fs.symlinkSync(path.join(WORDPRESS, entry), path.join(dir, entry));
  }
  for (const folder of ['plugins', 'mu-plugins', 'upgrade', 'uploads']) fs.mkdirSync(path.join(dir, 'wp-content', folder), { recursive: true });
  fs.symlinkSync(path.join(WORDPRESS, 'wp-content', 'themes'), path.join(dir, 'wp-content', 'themes'));
  const database = `pls_e2e_${randomBytes(4).toString('hex')}_${name}`;
  await run('mysql', [...MYSQL, '-e', `create database ${database}`]);
  fs.writeFileSync(
    path.join(dir, 'wp-config.php'),
    `<?php
define( 'DB_NAME', '${database}' );
define( 'DB_USER', 'root' );
define( 'DB_PASSWORD', '' );
define( 'DB_HOST', '127.0.0.1' );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
$table_prefix = 'wp_';
define( 'WP_DEBUG', false );
define( 'DISABLE_WP_CRON', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'FS_METHOD', 'direct' );
define( 'WP_CONTENT_DIR', __DIR__ . '/wp-content' );
if ( ! defined( 'ABSPATH' ) ) { define( 'ABSPATH', __DIR__ . '/' ); }
require_once ABSPATH . 'wp-settings.php';
`,
  );
  // The driver defines ABSPATH as the site folder, so wp-load.php (a link into the package) finds this config.
  const muPlugins = { 'pls-e2e.php': OFFLINE_BUT_LOCAL, ...options.muPlugins };
  for (const [file, code] of Object.entries(muPlugins)) fs.writeFileSync(path.join(dir, 'wp-content', 'mu-plugins', file), code);
  const site = { name, host: `${name}.example.com`, dir, database, driver: options.driver, env: options.env };
  await runDriver(site, 'install', { url: `https://${site.host}` });
  return site;
}

/** Drops the site's database (its folder goes with the test's work folder). */
export async function dropWordPressSite(site: WordPressSite): Promise<void> {
  await run('mysql', [...MYSQL, '-e', `drop database if exists ${site.database}`]).catch(() => undefined);
}
