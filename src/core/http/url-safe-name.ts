import { applyDecorators } from '@nestjs/common';
import { IsDefined, IsString, Length, Matches } from 'class-validator';

/**
 * Names that travel in URLs (features, projects, environments, tag types): letters, digits and `- _ . ~`, so they
 * never need escaping.
 */
export const URL_SAFE_NAME = /^[A-Za-z0-9_.~-]+$/;

/** A required URL-safe name of `min` to `max` characters; each failure names the property in the 400. */
export function IsUrlSafeName(min = 1, max = 100): PropertyDecorator {
  return applyDecorators(
    IsDefined(),
    IsString(),
    Length(min, max, { message: `must be from ${min} to ${max} characters long` }),
    Matches(URL_SAFE_NAME, { message: 'must be URL-safe: only letters, digits and the characters - _ . ~' }),
  );
}
