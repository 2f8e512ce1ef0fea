import { PassThrough } from 'node:stream';
import yazl from 'yazl';
import type { AppContext } from '../../kernel/context.js';
import type { Db } from '../../db/database.js';
import { POSTCODE_PLUGIN_SLUG } from '../../db/seed.js';
import { findPluginBySlug } from '../plugins/index.js';
import { listFirstTwoReleases, listReleases } from './releases.repository.js';
import { uploadRelease } from './upload-release.js';

export const DEMO_RELEASE_VERSION = '1.7.51';
export const DEMO_RELEASE_CREATED_AT = '2025-09-18T00:00:00.000Z';
const DEMO_NOTES = 'Sector pricing, weekend surcharges and faster bulk postcode checks.';

const MAIN_PHP = `<?php
/**
 * Plugin Name: Postcode Delivery Zones
 * Description: Control WooCommerce delivery by UK postcode.
 * Version: ${DEMO_RELEASE_VERSION}
 * Author: 8022 Licensing
 * Requires at least: 6.0
 * Requires PHP: 8.0
 */

defined('ABSPATH') || exit;
`;

const README = `=== Postcode Delivery Zones ===
Requires at least: 6.0
Tested up to: 6.8
Requires PHP: 8.0
Stable tag: ${DEMO_RELEASE_VERSION}

Control WooCommerce delivery by UK postcode.

== Changelog ==

= ${DEMO_RELEASE_VERSION} =
* ${DEMO_NOTES}
`;

/** A small, real plugin zip: a postcode-delivery-zones/ folder with its main PHP file and readme. */
export function buildDemoPluginZip(): PassThrough {
  const zip = new yazl.ZipFile();
  const mtime = new Date(DEMO_RELEASE_CREATED_AT);
  zip.addBuffer(Buffer.from(MAIN_PHP), `${POSTCODE_PLUGIN_SLUG}/${POSTCODE_PLUGIN_SLUG}.php`, { mtime });
  zip.addBuffer(Buffer.from(README), `${POSTCODE_PLUGIN_SLUG}/readme.txt`, { mtime });
  zip.end();
  const out = new PassThrough();
  zip.outputStream.pipe(out);
  return out;
}

/** Stores and signs the demo release 1.7.51 when the postcode plugin exists and has no release. */
export async function seedDemoRelease(ctx: AppContext): Promise<boolean> {
  if (!(await findPluginBySlug(ctx.db, POSTCODE_PLUGIN_SLUG))) return false;
  if ((await listReleases(ctx.db, POSTCODE_PLUGIN_SLUG)).length > 0) return false;
  await uploadRelease(ctx, {
    fields: { plugin_slug: POSTCODE_PLUGIN_SLUG, version: DEMO_RELEASE_VERSION, notes: DEMO_NOTES, channel: 'stable', rollout_percent: 100 },
    file: buildDemoPluginZip(),
    createdAt: DEMO_RELEASE_CREATED_AT,
  });
  return true;
}

/**
 * Whether the only release here is the one a fresh install seeds (seedDemoRelease): part of the demo catalogue,
 * which an imported export replaces (server/modules/importers/shop-export.ts, docs/migrating.md).
 */
export async function onlyTheDemoRelease(db: Db): Promise<boolean> {
  const releases = await listFirstTwoReleases(db);
  const [only] = releases;
  return (
    releases.length === 1 &&
    only!.plugin_slug === POSTCODE_PLUGIN_SLUG &&
    only!.version === DEMO_RELEASE_VERSION &&
    only!.created_at === DEMO_RELEASE_CREATED_AT
  );
}
