import { isPlainObject, pointer, type Problems } from '../../core/http/input-problems.js';
import { Details, Rule } from '../../core/http/rule.decorator.js';
import type { BulkMetrics, ClientMetrics, ToggleCounts } from './client-metrics.model.js';

/*
 * The rules of the metrics bodies SDKs and Edge send, for their DTOs (client-metrics.dto.ts), and what a valid body
 * becomes. Properties the service does not use (SDK and platform versions, connection ids, impact metrics…) are
 * ignored, so newer SDKs keep working. Both routes are hot: each rule walks its part of the body once.
 */

/** ISO 8601 date-time, as SDKs send `bucket.start` and `bucket.stop`. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

const NON_EMPTY_STRING = 'must be a non-empty string';

/** A name the report cannot do without (`appName`). */
export const RequiredName = (name: string) =>
  Rule(name, (value) => (typeof value === 'string' && value.trim() !== '' ? undefined : NON_EMPTY_STRING));

/** An optional text (`instanceId`, `environment`): absent, null or a string. */
export const OptionalText = (name: string) =>
  Rule(name, (value) => (value === undefined || value === null || typeof value === 'string' ? undefined : NON_EMPTY_STRING));

/** `bucket: {start, stop, toggles: {<feature>: {yes?, no?, variants?}}}`, each offending property named. */
export const ValidBucket = () => Details('metricsBucket', checkBucket);

/** Edge's `applications`: `[{appName, environment, instanceId, sdkVersion?, strategies?}]`. */
export const ValidApplications = () => Details('metricsApplications', checkApplications);

/** Edge's `metrics`: `[{featureName, appName, environment, timestamp, yes?, no?, variants?}]`. */
export const ValidFeatureMetrics = () => Details('featureMetrics', checkFeatureMetrics);

export interface ClientMetricsBody {
  appName: string;
  instanceId?: string | null;
  environment?: string | null;
  bucket: { start: string; stop: string; toggles: Record<string, CountsBody> };
}

export interface BulkMetricsBody {
  applications: { appName: string; environment: string; instanceId: string; sdkVersion?: string | null; strategies?: string[] | null }[];
  metrics: ({ featureName: string; appName: string; environment: string; timestamp: string } & CountsBody)[];
}

interface CountsBody {
  yes?: number | null;
  no?: number | null;
  variants?: Record<string, number> | null;
}

/** A valid report as the service records it: the instance id defaulted, dates read, missing counts 0. */
export function toClientMetrics(body: ClientMetricsBody): ClientMetrics {
  const toggles = new Map<string, ToggleCounts>();
  for (const [feature, counts] of Object.entries(body.bucket.toggles)) toggles.set(feature, toCounts(counts));
  return {
    appName: body.appName,
    instanceId: body.instanceId ?? 'default',
    environment: body.environment ?? undefined,
    bucket: { start: new Date(body.bucket.start), stop: new Date(body.bucket.stop), toggles },
  };
}

/** A valid batch from Edge as the service records it. */
export function toBulkMetrics(body: BulkMetricsBody): BulkMetrics {
  return {
    applications: body.applications.map(({ appName, environment, instanceId, sdkVersion, strategies }) => ({
      appName,
      environment,
      instanceId,
      sdkVersion: sdkVersion ?? undefined,
      strategies: strategies ?? undefined,
    })),
    metrics: body.metrics.map((metric) => ({
      featureName: metric.featureName,
      appName: metric.appName,
      environment: metric.environment,
      timestamp: new Date(metric.timestamp),
      counts: toCounts(metric),
    })),
  };
}

function toCounts(counts: CountsBody): ToggleCounts {
  return { yes: counts.yes ?? 0, no: counts.no ?? 0, variants: { ...counts.variants } };
}

function checkBucket(value: unknown, path: string, problems: Problems): void {
  const bucket = objectAt(path, value, problems);
  if (!bucket) return;
  checkDate(`${path}/start`, bucket.start, problems);
  checkDate(`${path}/stop`, bucket.stop, problems);
  const toggles = objectAt(`${path}/toggles`, bucket.toggles, problems);
  for (const [feature, counts] of Object.entries(toggles ?? {})) {
    const countsPath = pointer(`${path}/toggles`, feature);
    const checked = objectAt(countsPath, counts, problems);
    if (checked) checkCounts(countsPath, checked, problems);
  }
}

function checkApplications(value: unknown, path: string, problems: Problems): void {
  arrayAt(path, value, problems).forEach((item, index) => {
    const itemPath = `${path}/${index}`;
    const application = objectAt(itemPath, item, problems);
    if (!application) return;
    checkString(`${itemPath}/appName`, application.appName, problems, { required: true });
    checkString(`${itemPath}/environment`, application.environment, problems, { required: true });
    checkString(`${itemPath}/instanceId`, application.instanceId, problems, { required: true });
    checkString(`${itemPath}/sdkVersion`, application.sdkVersion, problems, { required: false });
    const strategies = application.strategies;
    if (strategies !== undefined && strategies !== null && !(Array.isArray(strategies) && strategies.every((s) => typeof s === 'string'))) {
      problems.invalid(`${itemPath}/strategies`, 'must be an array of strings', strategies);
    }
  });
}

function checkFeatureMetrics(value: unknown, path: string, problems: Problems): void {
  arrayAt(path, value, problems).forEach((item, index) => {
    const itemPath = `${path}/${index}`;
    const metric = objectAt(itemPath, item, problems);
    if (!metric) return;
    checkString(`${itemPath}/featureName`, metric.featureName, problems, { required: true });
    checkString(`${itemPath}/appName`, metric.appName, problems, { required: true });
    checkString(`${itemPath}/environment`, metric.environment, problems, { required: true });
    checkDate(`${itemPath}/timestamp`, metric.timestamp, problems);
    checkCounts(itemPath, metric, problems);
  });
}

/** `yes`, `no` and `variants` of the object at `path`. */
function checkCounts(path: string, counts: Record<string, unknown>, problems: Problems): void {
  checkCount(`${path}/yes`, counts.yes, problems);
  checkCount(`${path}/no`, counts.no, problems);
  if (counts.variants === undefined || counts.variants === null) return;
  const variants = objectAt(`${path}/variants`, counts.variants, problems);
  for (const [variant, count] of Object.entries(variants ?? {})) checkCount(pointer(`${path}/variants`, variant), count, problems);
}

function arrayAt(path: string, value: unknown, problems: Problems): unknown[] {
  if (value === undefined) problems.required(path);
  else if (!Array.isArray(value)) problems.invalid(path, 'must be array', value);
  else return value;
  return [];
}

function objectAt(path: string, value: unknown, problems: Problems): Record<string, unknown> | undefined {
  if (value === undefined) problems.required(path);
  else if (!isPlainObject(value)) problems.invalid(path, 'must be object', value);
  else return value;
  return undefined;
}

function checkString(path: string, value: unknown, problems: Problems, options: { required: boolean }): void {
  if (value === undefined || (value === null && !options.required)) {
    if (options.required) problems.required(path);
  } else if (typeof value !== 'string' || (options.required && value.trim() === '')) {
    problems.invalid(path, NON_EMPTY_STRING, value);
  }
}

function checkDate(path: string, value: unknown, problems: Problems): void {
  if (value === undefined) return problems.required(path);
  if (typeof value !== 'string' || !DATE_TIME.test(value) || Number.isNaN(new Date(value).getTime())) {
    problems.invalid(path, 'must match format "date-time"', value);
  }
}

/** An evaluation count: a whole number of 0 or more; absent means 0. */
function checkCount(path: string, value: unknown, problems: Problems): void {
  if (value === undefined || value === null) return;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    problems.invalid(path, 'must be a whole number of 0 or more', value);
  }
}
