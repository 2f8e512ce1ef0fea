import type { Release } from '@common/releases';
import { useReleaseHealth } from '../api/get-release-health';

/** A release's health on its card: sites updated, failures and rate, and why sites deactivated the plugin while on it. */
export function ReleaseHealthSummary({ release }: { release: Release }) {
  const health = useReleaseHealth(release.id);
  if (!health.data) return null;
  const { deactivations } = health.data;
  return (
    <div className="space-y-1 text-xs" data-testid="release-health">
      <p>
        Health: {health.data.sites_updated} sites updated, {health.data.failures} failures ({health.data.failure_rate}%)
      </p>
      {deactivations.deactivations > 0 && (
        <div data-testid="release-deactivations">
          <p>
            Deactivated on {deactivations.deactivations} {deactivations.deactivations === 1 ? 'site' : 'sites'}:
          </p>
          <ul className="list-disc pl-4">
            {deactivations.reasons.map((row) => (
              <li key={row.reason}>
                {row.reason}: {row.sites}
              </li>
            ))}
          </ul>
          {deactivations.recent_details.map((row) => (
            <blockquote key={`${row.created_at}${row.details}`} className="border-l-2 pl-2 text-muted-foreground">
              “{row.details}” ({row.reason})
            </blockquote>
          ))}
        </div>
      )}
    </div>
  );
}
