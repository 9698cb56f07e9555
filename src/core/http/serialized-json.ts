import type { Response } from 'express';

type EntityTagFunction = (body: Buffer, encoding?: string) => string;

/**
 * A JSON answer serialized once and sent as it is to every caller: for a read kept in memory and shared by every
 * request until the data changes. The routes of an `ApiController` send it as Express's `res.json` would (same
 * `Content-Type`, same `ETag` from the application's `etag fn`, 304 for a matching `If-None-Match`), without
 * serializing and hashing the same answer on every request. An application that sets `json escape`, `json replacer`
 * or `json spaces` gets `res.json` itself, so this answer looks like every other.
 */
export class SerializedJson {
  readonly body: Buffer;
  private readonly tags = new WeakMap<EntityTagFunction, string>();

  constructor(private readonly value: unknown) {
    this.body = Buffer.from(JSON.stringify(value));
  }

  /** Sends the answer; Express answers 304 if the request's `If-None-Match` names the tag. */
  send(response: Response): void {
    const app = response.app;
    if (app.get('json escape') || app.get('json replacer') || app.get('json spaces')) {
      response.json(this.value);
      return;
    }
    if (!response.hasHeader('Content-Type')) response.setHeader('Content-Type', 'application/json; charset=utf-8');
    // The tag Express would compute, taken once: an application may set its own `etag fn`, or none (`etag: false`).
    const etagOf: unknown = app.get('etag fn');
    if (typeof etagOf === 'function' && !response.hasHeader('ETag')) response.setHeader('ETag', this.tagBy(etagOf as EntityTagFunction));
    response.send(this.body);
  }

  private tagBy(etagOf: EntityTagFunction): string {
    let tag = this.tags.get(etagOf);
    if (tag === undefined) this.tags.set(etagOf, (tag = etagOf(this.body)));
    return tag;
  }
}

/**
 * `shape(source)` serialized once per `source` object: for a read model's kept value, which is replaced (never
 * changed in place) when the data changes, so the same object always means the same answer.
 */
export function serializedOncePer<T extends object>(shape: (source: T) => unknown): (source: T) => SerializedJson {
  const answers = new WeakMap<T, SerializedJson>();
  return (source) => {
    let answer = answers.get(source);
    if (!answer) answers.set(source, (answer = new SerializedJson(shape(source))));
    return answer;
  };
}
