import { Injectable } from '@nestjs/common';
import { notFound } from '../../core/errors/app-error.js';
import type { StrategyType } from './strategy.model.js';
import { StrategyTypeStore } from './strategy-type.store.js';

/** The strategy types a strategy may name (the built-ins: default, flexibleRollout, remoteAddress, applicationHostname). */
@Injectable()
export class StrategyTypeService {
  constructor(private readonly store: StrategyTypeStore) {}

  list(): Promise<StrategyType[]> {
    return this.store.list();
  }

  async get(name: string): Promise<StrategyType> {
    const type = await this.store.find(name);
    if (!type) throw notFound(`Could not find strategy type with name ${name}`);
    return type;
  }
}
