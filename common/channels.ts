/** The channels a release is published to; a site follows stable unless it or its licence chose beta (docs/releases.md). */
export const RELEASE_CHANNELS = ['stable', 'beta'] as const;
export type ReleaseChannel = (typeof RELEASE_CHANNELS)[number];

export const asChannel = (value: string | null | undefined): ReleaseChannel => (value === 'beta' ? 'beta' : 'stable');
