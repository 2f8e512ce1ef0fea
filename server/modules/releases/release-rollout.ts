// Channels and staged rollouts from the admin (docs/releases.md, "Channels and staged rollouts"): a release's
// channel and share of sites, pausing and resuming, and the schedule that raises the share at set times.
import type { AppContext } from '../../kernel/context.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import type { Release, ReleaseUpdate, RolloutSchedule, RolloutStep } from '../../../common/releases.js';
import { releaseNotice } from './release-notices.js';
import { findReleaseById, listReleases, toRelease, type ReleaseRow } from './releases.repository.js';
import {
  applyRolloutStep,
  listDueRolloutSteps,
  listRolloutSteps,
  replaceRolloutSteps,
  updateReleaseRollout,
  type ReleaseRolloutChange,
} from './rollout.repository.js';

/** Due steps are looked for this often; a step therefore applies at most this late (also after a restart). */
export const ROLLOUT_POLL_MS = 60_000;

async function existingRelease(db: Database, id: number): Promise<ReleaseRow> {
  const release = await findReleaseById(db, id);
  if (!release) throw new AppError('NOT_FOUND', `No release with id ${id}`);
  return release;
}

/** The release as the admin API answers it, with its notice (which reads the plugin's other releases). */
export async function adminRelease(db: Database, row: ReleaseRow): Promise<Release> {
  return toRelease(row, releaseNotice(row, await listReleases(db, row.plugin_slug)));
}

async function change(db: Database, id: number, changes: ReleaseRolloutChange, activity: Record<string, unknown>): Promise<Release> {
  const row = await updateReleaseRollout(db, id, changes, nowIso(), activity);
  if (!row) throw new AppError('NOT_FOUND', `No release with id ${id}`);
  return adminRelease(db, row);
}

/** PATCH: the channel and/or the rollout's share (0-100, set by hand: it may also be lowered). */
export async function updateRelease(db: Database, id: number, update: ReleaseUpdate): Promise<Release> {
  const release = await existingRelease(db, id);
  if (release.withdrawn_at && update.rollout_percent !== undefined) {
    throw new AppError('CONFLICT', `Version ${release.version} is withdrawn: restore it before changing its rollout`);
  }
  return change(db, id, update, { ...update, by: 'admin' });
}

/** Pauses the rollout by hand: no more sites are offered the release until it is resumed. */
export async function pauseRollout(db: Database, id: number): Promise<Release> {
  const release = await existingRelease(db, id);
  if (release.rollout_paused_at) return adminRelease(db, release);
  return change(db, id, { rollout_paused_at: nowIso(), rollout_pause_reason: 'Paused by hand' }, { paused: true, by: 'admin' });
}

/** Resumes a paused rollout (by hand or by the automatic halt) at its share. */
export async function resumeRollout(db: Database, id: number): Promise<Release> {
  const release = await existingRelease(db, id);
  if (!release.rollout_paused_at) return adminRelease(db, release);
  return change(db, id, { rollout_paused_at: null, rollout_pause_reason: null }, { paused: false, by: 'admin' });
}

const toStep = (row: { id: number; percent: number; due_at: string; applied_at: string | null }): RolloutStep => ({
  id: row.id,
  percent: row.percent,
  due_at: row.due_at,
  applied_at: row.applied_at,
});

export async function rolloutSchedule(db: Database, id: number): Promise<RolloutStep[]> {
  await existingRelease(db, id);
  return (await listRolloutSteps(db, id)).map(toStep);
}

/**
 * Replaces the steps still to come. Each step raises the share to its percentage at its time (a step at or
 * below the share then is spent without effect); steps must rise with time, so a schedule reads as a ramp.
 */
export async function setRolloutSchedule(db: Database, id: number, schedule: RolloutSchedule): Promise<RolloutStep[]> {
  const release = await existingRelease(db, id);
  if (release.withdrawn_at) throw new AppError('CONFLICT', `Version ${release.version} is withdrawn: restore it before scheduling its rollout`);
  const steps = schedule.steps
    .map((step) => ({ percent: step.percent, due_at: new Date(step.at).toISOString() }))
    .sort((a, b) => a.due_at.localeCompare(b.due_at));
  for (let i = 1; i < steps.length; i++) {
    if (steps[i]!.percent <= steps[i - 1]!.percent)
      throw new AppError('BAD_REQUEST', 'Each later step must raise the percentage: a schedule only raises the rollout');
  }
  await replaceRolloutSteps(db, id, steps);
  return rolloutSchedule(db, id);
}

/**
 * Applies every step due at `now`: each is claimed in the database, so with several instances (or workers)
 * each step is applied once. Answers how many steps this call applied.
 */
export async function applyDueRolloutSteps(db: Database, now: Date = new Date()): Promise<number> {
  const at = now.toISOString();
  let applied = 0;
  for (const step of await listDueRolloutSteps(db, at)) if (await applyRolloutStep(db, step, at)) applied++;
  return applied;
}

/** Polls for due rollout steps while the app runs (registerReleaseRoutes); the timer ends when the app closes. */
export function startRolloutScheduler(ctx: AppContext): () => void {
  let running = false;
  const pass = () => {
    if (running) return;
    running = true;
    applyDueRolloutSteps(ctx.db)
      .catch((error: unknown) => ctx.log.error({ err: error }, 'rollout schedule pass failed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(pass, ROLLOUT_POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
