import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { postcodeBulkRequestSchema, postcodeTestRequestSchema, TestDataSummary } from '../../../common/postcode.js';
import { formatPence } from '../../../common/postcode.js';
import type { AppContext } from '../../kernel/context.js';
import type { Database } from '../../db/database.js';
import type { SettingsService } from '../settings/index.js';
import { nowIso } from '../../lib/time.js';
import { buildIndex, evaluatePostcode, type EngineSettings, type PostcodeEvaluation, type PostcodeIndex } from './postcode-engine.js';
import { DEFAULT_ENGINE_SETTINGS, FIXTURE_RULES, FIXTURE_SECTOR_PRICING, FIXTURE_SETTINGS } from './postcode-fixture.js';
import { runPrecedenceSuite, runUserScenarios } from './postcode-suites.js';
import { countPostcodeData, readPostcodeData, upsertPostcodeData } from './postcode.repository.js';

const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** Stored settings over the defaults; a stored value of the wrong type is ignored, not trusted. */
export function engineSettingsFrom(stored: Map<string, unknown>): EngineSettings {
  const amount = (key: keyof EngineSettings, fallback: number): number => {
    const value = stored.get(key);
    return isAmount(value) ? value : fallback;
  };
  const threshold = stored.get('free_delivery_threshold');
  const allow = stored.get('allow_without_rule');
  return {
    free_delivery_threshold: threshold === null ? null : isAmount(threshold) ? threshold : DEFAULT_ENGINE_SETTINGS.free_delivery_threshold,
    allow_without_rule: typeof allow === 'boolean' ? allow : DEFAULT_ENGINE_SETTINGS.allow_without_rule,
    default_price: amount('default_price', DEFAULT_ENGINE_SETTINGS.default_price),
    weekday_surcharge: amount('weekday_surcharge', DEFAULT_ENGINE_SETTINGS.weekday_surcharge),
    saturday_surcharge: amount('saturday_surcharge', DEFAULT_ENGINE_SETTINGS.saturday_surcharge),
    sunday_surcharge: amount('sunday_surcharge', DEFAULT_ENGINE_SETTINGS.sunday_surcharge),
  };
}

/**
 * A setting that names the stored rules' version: every change to them writes a new one, and each process's
 * settings sync (server/modules/settings/settings-sync.ts) tells the others within a second, which rebuild.
 */
export const POSTCODE_REVISION_SETTING = 'postcode_data_revision';

/** Requests arrive validated by the route schemas (common/postcode.ts). */
export class PostcodeService {
  private index: PostcodeIndex = buildIndex([], [], DEFAULT_ENGINE_SETTINGS);
  private loading: Promise<void> | undefined;
  private loadedRevision: unknown;

  constructor(
    private readonly db: Database,
    private readonly settings?: SettingsService,
  ) {}

  /** Rebuilds the index when another process changed the rules (a new revision); errors wait for the next change. */
  reloadIfChanged(): Promise<void> {
    if (!this.settings || this.settings.getInternal(POSTCODE_REVISION_SETTING) === this.loadedRevision) return Promise.resolve();
    return this.reload();
  }

  /** Loads the stored rules into the in-memory index once; later calls wait for the same load. */
  ensureLoaded(): Promise<void> {
    this.loading ??= this.reload();
    return this.loading;
  }

  /** Rebuilds the index from the database; called after every change to rules, pricing or settings. */
  async reload(): Promise<void> {
    this.loadedRevision = this.settings?.getInternal(POSTCODE_REVISION_SETTING);
    const stored = await readPostcodeData(this.db);
    this.index = buildIndex(stored.rules, stored.sectorPricing, engineSettingsFrom(stored.settings));
  }

  get currentIndex(): PostcodeIndex {
    return this.index;
  }

  summary(): Promise<TestDataSummary> {
    return countPostcodeData(this.db);
  }

  /** Installs the documented fixture; running it again changes nothing. */
  async setupTestData(): Promise<TestDataSummary> {
    await upsertPostcodeData(this.db, FIXTURE_RULES, FIXTURE_SECTOR_PRICING, FIXTURE_SETTINGS);
    await this.settings?.setInternal({ [POSTCODE_REVISION_SETTING]: `${nowIso()} ${randomBytes(4).toString('hex')}` });
    await this.reload();
    return this.summary();
  }

  test(input: z.output<typeof postcodeTestRequestSchema>): PostcodeEvaluation {
    return evaluatePostcode(this.index, input.postcode, input.order_total, input.delivery_date);
  }

  testBulk(input: z.output<typeof postcodeBulkRequestSchema>) {
    const started = performance.now();
    const index = this.index;
    const results = input.postcodes.map((postcode) => {
      const evaluation = evaluatePostcode(index, postcode, input.order_total, input.delivery_date);
      const pricing = evaluation.pricing_result;
      return {
        postcode,
        delivery_allowed: evaluation.test_result.delivery_allowed,
        test_result: evaluation.test_result,
        pricing_result: pricing,
        formatted_pricing: {
          total_cost: formatPence(pricing.total_cost),
          base_cost: formatPence(pricing.base_cost),
          surcharge: formatPence(pricing.surcharge),
        },
      };
    });
    return { total_tested: results.length, execution_time_ms: Math.round((performance.now() - started) * 1000) / 1000, results };
  }

  runUserScenarios() {
    return runUserScenarios(this.index);
  }

  runPrecedence() {
    return runPrecedenceSuite(this.index);
  }
}

/**
 * The app's service (ctx.postcode, made on first use in server/services.ts), shared by the postcode routes and
 * the e-commerce suite: its index follows rule changes other processes make (each settings load checks).
 */
export function createPostcodeService(ctx: Pick<AppContext, 'db' | 'settings' | 'log'>): PostcodeService {
  const service = new PostcodeService(ctx.db, ctx.settings);
  ctx.settings.onLoad(() => void service.reloadIfChanged().catch((error: unknown) => ctx.log.warn({ err: error }, 'postcode rules reload failed')));
  return service;
}
