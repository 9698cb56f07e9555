import { Injectable, Param, type PipeTransform } from '@nestjs/common';
import { parseApiToken } from '../../core/access/api-token-format.js';
import { hashSecret } from '../../core/access/secrets.js';
import { invalidProperty } from '../../core/errors/app-error.js';
import { isIdParam } from '../../core/http/int-param.js';

/** A token named in a path: by its numeric id, or, as Unleash names tokens, by its secret (looked up by digest). */
export type ApiTokenRef = { id: number } | { secretHash: string };

@Injectable()
class ApiTokenRefPipe implements PipeTransform<string, ApiTokenRef> {
  constructor(private readonly name: string) {}

  transform(value: string): ApiTokenRef {
    if (isIdParam(value)) return { id: Number(value) };
    if (parseApiToken(value)) return { secretHash: hashSecret(value) };
    // The value is not repeated: it may be a mistyped secret.
    throw invalidProperty(
      `/params/${this.name}`,
      `The \`/params/${this.name}\` property must be a token id (a whole number) or a token secret (<project>:<environment>.<random>).`,
    );
  }
}

/** The path parameter `name` (`id` in /api/admin/api-tokens, `token` in a project's, as Unleash names them). */
export const ApiTokenRefParam = (name = 'id') => Param(name, new ApiTokenRefPipe(name));

/** The OpenAPI description of that path parameter (a pipe-transformed parameter is not described by Nest's scan). */
export const apiTokenRefDoc = (name = 'id') => ({
  name,
  description: 'The numeric id of the token, or its secret',
  schema: { type: 'string' as const },
});
