import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Release } from '@common/releases';
import { apiJson } from '@/lib/api';
import { releasesQueryKey } from './get-releases';

export interface CreateReleaseInput {
  pluginSlug: string;
  version: string;
  notes: string;
  /** stable or beta (docs/releases.md, "Channels and staged rollouts"). */
  channel: 'stable' | 'beta';
  /** The share of sites offered it at first, 0-100. */
  rolloutPercent: number;
  file: File;
}

/** POST /api/admin/releases as multipart: the text fields first, then the zip in `file` (streamed by the server). */
export function createRelease(input: CreateReleaseInput): Promise<Release> {
  const form = new FormData();
  form.append('plugin_slug', input.pluginSlug);
  form.append('version', input.version);
  form.append('notes', input.notes);
  form.append('channel', input.channel);
  form.append('rollout_percent', String(input.rolloutPercent));
  form.append('file', input.file, input.file.name);
  return apiJson<Release>('POST', '/api/admin/releases', form);
}

export function useCreateRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRelease,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: releasesQueryKey }),
  });
}
