import { type ErrorDetail, validationError } from '../../core/errors/app-error.js';
import type { BulkMetrics, ClientMetrics, ToggleCounts } from './client-metrics.model.js';

/** ISO 8601 date-time, as SDKs send `bucket.start` and `bucket.stop`. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * Reads a metrics report as Unleash SDKs send it:
 * `{appName, instanceId?, environment?, bucket: {start, stop, toggles: {<feature>: {yes?, no?, variants?}}}}`.
 * Every offending property is reported at once with its pointer. Properties the service does not use (SDK and
 * platform versions, connection ids, impact metrics…) are ignored, so newer SDKs keep working.
 */
export function parseClientMetrics(body: unknown): ClientMetrics {
  const details: ErrorDetail[] = [];
  const root = objectAt('/body', body, details);
  if (!root) throw validationError(details);
  const appName = stringAt('/body/appName', root.appName, details, { required: true });
  const instanceId = stringAt('/body/instanceId', root.instanceId, details, { required: false });
  const environment = stringAt('/body/environment', root.environment, details, { required: false });
  const bucket = objectAt('/body/bucket', root.bucket, details);
  let start: Date | undefined;
  let stop: Date | undefined;
  const toggles = new Map<string, ToggleCounts>();
  if (bucket) {
    start = dateAt('/body/bucket/start', bucket.start, details);
    stop = dateAt('/body/bucket/stop', bucket.stop, details);
    const entries = objectAt('/body/bucket/toggles', bucket.toggles, details);
    for (const [feature, value] of Object.entries(entries ?? {})) {
      const path = `/body/bucket/toggles/${pointerEscape(feature)}`;
      const counts = objectAt(path, value, details);
      if (counts) toggles.set(feature, countsAt(path, counts, details));
    }
  }
  if (details.length) throw validationError(details);
  return { appName: appName!, instanceId: instanceId ?? 'default', environment, bucket: { start: start!, stop: stop!, toggles } };
}

/**
 * Reads what Unleash Edge sends to `/api/client/metrics/bulk`: `{applications: [{appName, environment, instanceId,
 * strategies?, sdkVersion?…}], metrics: [{featureName, appName, environment, timestamp, yes?, no?, variants?}]}`.
 * Every offending property is reported at once with its pointer (`/body/metrics/3/timestamp`); properties the
 * service does not use (`connectVia`, `sdkType`, `started`, `interval`, `impactMetrics`…) are ignored.
 */
export function parseBulkMetrics(body: unknown): BulkMetrics {
  const details: ErrorDetail[] = [];
  const root = objectAt('/body', body, details);
  if (!root) throw validationError(details);
  const applications: BulkMetrics['applications'] = [];
  arrayAt('/body/applications', root.applications, details).forEach((value, i) => {
    const path = `/body/applications/${i}`;
    const application = objectAt(path, value, details);
    if (!application) return;
    const appName = stringAt(`${path}/appName`, application.appName, details, { required: true });
    const environment = stringAt(`${path}/environment`, application.environment, details, { required: true });
    const instanceId = stringAt(`${path}/instanceId`, application.instanceId, details, { required: true });
    const sdkVersion = stringAt(`${path}/sdkVersion`, application.sdkVersion, details, { required: false });
    const strategies =
      application.strategies === undefined || application.strategies === null
        ? undefined
        : stringsAt(`${path}/strategies`, application.strategies, details);
    applications.push({ appName: appName!, environment: environment!, instanceId: instanceId!, sdkVersion, strategies });
  });
  const metrics: BulkMetrics['metrics'] = [];
  arrayAt('/body/metrics', root.metrics, details).forEach((value, i) => {
    const path = `/body/metrics/${i}`;
    const metric = objectAt(path, value, details);
    if (!metric) return;
    const featureName = stringAt(`${path}/featureName`, metric.featureName, details, { required: true });
    const appName = stringAt(`${path}/appName`, metric.appName, details, { required: true });
    const environment = stringAt(`${path}/environment`, metric.environment, details, { required: true });
    const timestamp = dateAt(`${path}/timestamp`, metric.timestamp, details);
    const counts = countsAt(path, metric, details);
    metrics.push({ featureName: featureName!, appName: appName!, environment: environment!, timestamp: timestamp!, counts });
  });
  if (details.length) throw validationError(details);
  return { applications, metrics };
}

/** `yes`, `no` and `variants` of the object at `path`. */
function countsAt(path: string, counts: Record<string, unknown>, details: ErrorDetail[]): ToggleCounts {
  const yes = countAt(`${path}/yes`, counts.yes, details);
  const no = countAt(`${path}/no`, counts.no, details);
  const variants: Record<string, number> = {};
  const variantCounts =
    counts.variants === undefined || counts.variants === null ? {} : objectAt(`${path}/variants`, counts.variants, details);
  for (const [variant, count] of Object.entries(variantCounts ?? {}))
    variants[variant] = countAt(`${path}/variants/${pointerEscape(variant)}`, count, details);
  return { yes, no, variants };
}

function arrayAt(path: string, value: unknown, details: ErrorDetail[]): unknown[] {
  if (value === undefined) {
    details.push(required(path));
    return [];
  }
  if (!Array.isArray(value)) {
    details.push({ path, message: `The \`${path}\` property must be array. You sent ${describe(value)}.` });
    return [];
  }
  return value;
}

function stringsAt(path: string, value: unknown, details: ErrorDetail[]): string[] | undefined {
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    details.push({ path, message: `The \`${path}\` property must be an array of strings. You sent ${describe(value)}.` });
    return undefined;
  }
  return value as string[];
}

function objectAt(path: string, value: unknown, details: ErrorDetail[]): Record<string, unknown> | undefined {
  if (value === undefined) {
    details.push(required(path));
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    details.push({ path, message: `The \`${path}\` property must be object. You sent ${describe(value)}.` });
    return undefined;
  }
  return value as Record<string, unknown>;
}

function stringAt(path: string, value: unknown, details: ErrorDetail[], options: { required: boolean }): string | undefined {
  if (value === undefined || (value === null && !options.required)) {
    if (options.required) details.push(required(path));
    return undefined;
  }
  if (typeof value !== 'string' || (options.required && value.trim() === '')) {
    details.push({ path, message: `The \`${path}\` property must be a non-empty string. You sent ${describe(value)}.` });
    return undefined;
  }
  return value;
}

function dateAt(path: string, value: unknown, details: ErrorDetail[]): Date | undefined {
  if (value === undefined) {
    details.push(required(path));
    return undefined;
  }
  const date = typeof value === 'string' && DATE_TIME.test(value) ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) {
    details.push({ path, message: `The \`${path}\` property must match format "date-time". You sent ${describe(value)}.` });
    return undefined;
  }
  return date;
}

/** An evaluation count: a whole number of 0 or more; absent means 0. */
function countAt(path: string, value: unknown, details: ErrorDetail[]): number {
  if (value === undefined || value === null) return 0;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    details.push({ path, message: `The \`${path}\` property must be a whole number of 0 or more. You sent ${describe(value)}.` });
    return 0;
  }
  return value;
}

function required(path: string): ErrorDetail {
  return { path, message: `The \`${path}\` property is required. It was not present on the data you sent.` };
}

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** JSON pointer escaping of one reference token (RFC 6901). */
function pointerEscape(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}
