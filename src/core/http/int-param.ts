import { Injectable, Param, type PipeTransform } from '@nestjs/common';
import { invalidProperty } from '../errors/app-error.js';

/** Whether a route parameter names a whole-number id (at most 9 digits, so it fits every integer column). */
export function isIdParam(value: string): boolean {
  return /^\d{1,9}$/.test(value);
}

/** A whole-number route parameter such as `/groups/{id}`; anything else is a 400 naming the parameter. */
@Injectable()
class IntParamPipe implements PipeTransform<string, number> {
  constructor(private readonly name: string) {}

  transform(value: string): number {
    if (!isIdParam(value)) {
      throw invalidProperty(
        `/params/${this.name}`,
        `The \`/params/${this.name}\` property must be a whole number. You sent ${JSON.stringify(value)}.`,
      );
    }
    return Number(value);
  }
}

export const IntParam = (name: string) => Param(name, new IntParamPipe(name));
