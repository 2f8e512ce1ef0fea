import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../kernel/context.js';

// Where the request comes from (docs/tax.md "Location evidence"): a trusted proxy's country header
// (COUNTRY_HEADER, e.g. cf-ipcountry) when configured, else the client address in the offline GeoIP database of
// the `geoip-country` package (imported on first use, about 9 MB; Node keeps the module once loaded). Unknown: null.

export async function requestCountry(ctx: AppContext, request: FastifyRequest): Promise<string | null> {
  const header = ctx.config.COUNTRY_HEADER ? request.headers[ctx.config.COUNTRY_HEADER] : undefined;
  if (typeof header === 'string' && /^[A-Za-z]{2}$/.test(header.trim()) && header.trim().toUpperCase() !== 'XX') return header.trim().toUpperCase();
  const { default: geoip } = await import('geoip-country');
  const found = geoip.lookup(request.clientAddress);
  return found?.country ?? null;
}
