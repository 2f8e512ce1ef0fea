import { z } from 'zod';

// What a WordPress site reports about itself on validate and update checks (docs/license-api.md): its
// plugin version, WordPress version and PHP version. Informational only (the dashboard's shares), never used
// for a decision, so the fields are lenient: a missing, malformed or over-long value is dropped, never a 400
// (a site with an odd PHP build string must still get its licence answer).

/**
 * A version as sites send them: dotted numbers with an optional suffix, e.g. "6.5", "6.5.2", "6.6-RC1",
 * "8.1.2-1ubuntu2.14", "8.3.0+deb12". 1 to 4 numeric parts of at most 6 digits; the suffix at most 40
 * characters of letters, digits and . + ~ - _ .
 */
const REPORTED_VERSION = /^\d{1,6}(?:\.\d{1,6}){0,3}(?:[-+~_][0-9A-Za-z.+~_-]{0,40})?$/;

/** The trimmed version, or undefined for anything else (not a string, empty, junk, too long). */
export function cleanReportedVersion(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  return text.length <= 60 && REPORTED_VERSION.test(text) ? text : undefined;
}

/** An optional reported version: whatever was sent becomes a clean version or undefined. */
export const reportedVersion = z.unknown().transform(cleanReportedVersion).optional();

/** The fields a site may add to a validate or update-check request. */
export const siteReportFields = {
  installed_version: reportedVersion,
  wp_version: reportedVersion,
  php_version: reportedVersion,
};

export interface SiteReport {
  installed_version?: string | undefined;
  wp_version?: string | undefined;
  php_version?: string | undefined;
}

/** "8.1.2-1ubuntu2.14" → "8.1", "6" → "6.0": the branch the dashboard's WordPress and PHP shares group by. */
export function majorMinor(version: string): string {
  const [major = '0', minor = '0'] = (version.match(/^\d+(?:\.\d+)?/)?.[0] ?? '0').split('.');
  return `${Number(major)}.${Number(minor)}`;
}
