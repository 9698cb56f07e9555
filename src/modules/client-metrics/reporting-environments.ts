import { Injectable } from '@nestjs/common';
import { ClientMetricsStore } from './client-metrics.store.js';

/**
 * Which environments exist, remembered once seen, so that a metrics report costs no database round trip. Only
 * existing environments are remembered (a name that does not exist is read again, and refused, each time), so the
 * memory is bounded by the environments there are. One deleted meanwhile is found when the batch is written (its
 * counts are dropped there) and forgotten.
 */
@Injectable()
export class ReportingEnvironments {
  private readonly known = new Set<string>();

  constructor(private readonly store: ClientMetricsStore) {}

  async exists(environment: string): Promise<boolean> {
    if (this.known.has(environment)) return true;
    if (!(await this.store.environmentTypes([environment])).has(environment)) return false;
    this.known.add(environment);
    return true;
  }

  /** The environments among `environments` that exist. */
  async existing(environments: Iterable<string>): Promise<Set<string>> {
    const found = new Set<string>();
    for (const environment of new Set(environments)) if (await this.exists(environment)) found.add(environment);
    return found;
  }

  forget(environments: Iterable<string>): void {
    for (const environment of environments) this.known.delete(environment);
  }
}
