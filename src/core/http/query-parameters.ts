import { applyDecorators } from '@nestjs/common';
import { IsOptional } from 'class-validator';
import { Rule } from './rule.decorator.js';

/** Why a query parameter given several times (`?limit=1&limit=2`, an array to Express) is refused. */
export const GIVE_ONCE = 'must be a string (give the parameter once)';
const WHOLE_NUMBER = /^\d+$/;

/** An optional query parameter that must be a whole number from `min` to `max` (any size when `max` is undefined). */
export const WholeNumberParameter = (min: number, max?: number) =>
  applyDecorators(
    IsOptional(),
    Rule('wholeNumberParameter', (value) => {
      if (typeof value !== 'string') return GIVE_ONCE;
      const number = WHOLE_NUMBER.test(value) ? Number(value) : Number.NaN;
      const fits = Number.isSafeInteger(number) && number >= min && (max === undefined || number <= max);
      return fits ? undefined : `must be a whole number from ${min} to ${max ?? Number.MAX_SAFE_INTEGER}`;
    }),
  );

/** An optional query parameter given at most once, any text. */
export const TextParameter = (name: string) =>
  applyDecorators(
    IsOptional(),
    Rule(name, (value) => (typeof value === 'string' ? undefined : GIVE_ONCE)),
  );
