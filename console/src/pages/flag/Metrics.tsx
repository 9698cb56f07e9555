import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { api, data, type Schemas } from '../../api/client';

type Feature = Schemas['featureSchema'];
type Hour = Schemas['featureEnvironmentMetricsSchema'];

const PERIODS = [
  { hours: 1, label: 'Last hour' },
  { hours: 24, label: 'Last 24 hours' },
  { hours: 48, label: 'Last 48 hours' },
];

interface Bucket {
  timestamp: string;
  yes: number;
  no: number;
}

/** The hours of one environment, every application's counts added up. */
function bucketsOf(hours: Hour[], environment: string): Bucket[] {
  const byHour = new Map<string, Bucket>();
  for (const hour of hours) {
    if (hour.environment !== environment) continue;
    const bucket = byHour.get(hour.timestamp) ?? { timestamp: hour.timestamp, yes: 0, no: 0 };
    bucket.yes += hour.yes;
    bucket.no += hour.no;
    byHour.set(hour.timestamp, bucket);
  }
  return [...byHour.values()].sort((a, b) => a.timestamp.localeCompare(b.timestamp));
}

const hourOf = (timestamp: string) => new Date(timestamp).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
const dayAndHourOf = (timestamp: string) =>
  new Date(timestamp).toLocaleString([], { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/** Exposures per environment, hour by hour (SDKs' reports of true and false), and when each environment last saw the flag. */
export default function Metrics({ flag }: { flag: Feature }) {
  const id = useId();
  const [hoursBack, setHoursBack] = useState(24);
  const metrics = useQuery({
    queryKey: ['feature-metrics', flag.name, hoursBack],
    queryFn: () =>
      data(
        api.GET('/api/admin/client-metrics/features/{name}/raw', {
          params: { path: { name: flag.name }, query: { hoursBack: String(hoursBack) } },
        }),
      ),
  });
  const applications = [...new Set((metrics.data?.data ?? []).map((hour) => hour.appName))].sort();
  return (
    <div className="stack">
      <div className="field period">
        <label htmlFor={`${id}-period`}>Period</label>
        <select id={`${id}-period`} value={hoursBack} onChange={(event) => setHoursBack(Number(event.target.value))}>
          {PERIODS.map((period) => (
            <option key={period.hours} value={period.hours}>
              {period.label}
            </option>
          ))}
        </select>
      </div>
      {metrics.error && (
        <p role="alert" className="notice error">
          {metrics.error.message}
        </p>
      )}
      {!metrics.data && !metrics.error && <span className="skeleton" role="status" aria-label="Loading metrics" />}
      {metrics.data && (
        <>
          <p className="muted">
            {applications.length ? `Reported by ${applications.join(', ')}.` : 'No SDK reported evaluating this flag in this period.'}
          </p>
          {flag.environments.map((environment) => (
            <EnvironmentMetrics
              key={environment.name}
              environment={environment.name}
              lastSeenAt={environment.lastSeenAt}
              buckets={bucketsOf(metrics.data.data, environment.name)}
            />
          ))}
        </>
      )}
    </div>
  );
}

function EnvironmentMetrics({ environment, lastSeenAt, buckets }: { environment: string; lastSeenAt: string | null; buckets: Bucket[] }) {
  const id = useId();
  const yes = buckets.reduce((sum, bucket) => sum + bucket.yes, 0);
  const no = buckets.reduce((sum, bucket) => sum + bucket.no, 0);
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <div className="card-header">
        <h3 id={`${id}-heading`}>Exposures in {environment}</h3>
        <span className="muted">
          Last seen: {lastSeenAt ? <time dateTime={lastSeenAt}>{new Date(lastSeenAt).toLocaleString()}</time> : 'never'}
        </span>
      </div>
      <p>
        <strong>{yes + no}</strong> exposures: {yes} true, {no} false.
      </p>
      {yes + no > 0 && <ExposureChart environment={environment} buckets={buckets} />}
      <details>
        <summary>Hour by hour as a table</summary>
        <table className="table" aria-label={`Exposures per hour in ${environment}`}>
          <thead>
            <tr>
              <th scope="col">Hour</th>
              <th scope="col">True</th>
              <th scope="col">False</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((bucket) => (
              <tr key={bucket.timestamp}>
                <td>
                  <time dateTime={bucket.timestamp}>{dayAndHourOf(bucket.timestamp)}</time>
                </td>
                <td>{bucket.yes}</td>
                <td>{bucket.no}</td>
                <td>{bucket.yes + bucket.no}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

const WIDTH = 600;
const HEIGHT = 120;

/**
 * Stacked bars per hour, true below false; the table beside it carries the same numbers for those who do not see it.
 * Plain SVG: a chart library would weigh more than the page.
 */
function ExposureChart({ environment, buckets }: { environment: string; buckets: Bucket[] }) {
  const peak = buckets.reduce((max, bucket) => Math.max(max, bucket.yes + bucket.no), 0);
  const busiest = buckets.find((bucket) => bucket.yes + bucket.no === peak)!;
  const slot = WIDTH / buckets.length;
  const scale = (count: number) => (count / peak) * (HEIGHT - 16);
  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Exposures per hour in ${environment}: at most ${peak}, at ${hourOf(busiest.timestamp)}`}
        preserveAspectRatio="none"
      >
        {buckets.map((bucket, at) => {
          const yesHeight = scale(bucket.yes);
          const noHeight = scale(bucket.no);
          const x = at * slot + 1;
          const width = Math.max(1, slot - 2);
          return (
            <g key={bucket.timestamp}>
              <title>{`${dayAndHourOf(bucket.timestamp)}: ${bucket.yes} true, ${bucket.no} false`}</title>
              <rect className="bar-yes" x={x} y={HEIGHT - yesHeight} width={width} height={yesHeight} />
              <rect className="bar-no" x={x} y={HEIGHT - yesHeight - noHeight} width={width} height={noHeight} />
            </g>
          );
        })}
      </svg>
      <figcaption className="row small muted">
        <span>
          <span className="swatch bar-yes" aria-hidden="true" /> true
        </span>
        <span>
          <span className="swatch bar-no" aria-hidden="true" /> false
        </span>
        <span>
          {dayAndHourOf(buckets[0].timestamp)} to {dayAndHourOf(buckets[buckets.length - 1].timestamp)}
        </span>
      </figcaption>
    </figure>
  );
}
