import { ApiProperty } from '@nestjs/swagger';

/** `/segments/strategies/:strategyId`. */
export class StrategyIdPath {
  @ApiProperty({ description: 'The id of a strategy' })
  strategyId: string;
}
