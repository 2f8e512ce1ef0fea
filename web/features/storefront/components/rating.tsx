/** Rating (one decimal) with its review count; a plugin without reviews shows none (docs/storefront.md, "Reviews and numbers"). */
export function Rating({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  if (reviewCount <= 0) return null;
  // A text star rather than an icon: an icon import costs the landing page a chunk of its JavaScript budget.
  return (
    <span className="inline-flex items-center gap-1 text-sm">
      <span className="text-base leading-none text-amber-400" aria-hidden="true">
        ★
      </span>
      <span className="font-medium">{rating.toFixed(1)}</span>
      <span className="text-muted-foreground">
        ({reviewCount} {reviewCount === 1 ? 'review' : 'reviews'})
      </span>
    </span>
  );
}

/** "1 active install", "1,234 active installs"; none shows nothing. */
export function activeInstallsText(count: number): string {
  return count > 0 ? `${count.toLocaleString('en-GB')} active ${count === 1 ? 'install' : 'installs'}` : '';
}
