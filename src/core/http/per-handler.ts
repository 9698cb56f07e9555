import type { ExecutionContext } from '@nestjs/common';

type Handler = ReturnType<ExecutionContext['getHandler']>;
type Controller = ReturnType<ExecutionContext['getClass']>;

/**
 * What a guard derives from a route's decorators, computed once per controller and handler: decorators do not
 * change after start-up, and reading them on every request (two metadata lookups per key) is repeated work.
 */
export function perHandler<T>(derive: (handler: Handler, controller: Controller) => T): (context: ExecutionContext) => T {
  const byController = new WeakMap<Controller, WeakMap<Handler, T>>();
  return (context) => {
    const controller = context.getClass();
    const handler = context.getHandler();
    let byHandler = byController.get(controller);
    if (!byHandler) byController.set(controller, (byHandler = new WeakMap()));
    if (byHandler.has(handler)) return byHandler.get(handler)!;
    const derived = derive(handler, controller);
    byHandler.set(handler, derived);
    return derived;
  };
}
