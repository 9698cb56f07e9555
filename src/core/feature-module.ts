import { type DynamicModule, type ForwardReference, Module, type ModuleMetadata, type Type } from '@nestjs/common';

/** The feature modules (and other Nest modules) whose exports a feature module injects. */
const FEATURE_IMPORTS = Symbol('flagwright:feature-imports');

type Importable = Type<unknown> | DynamicModule | Promise<DynamicModule> | ForwardReference;

export interface FeatureModuleMetadata extends Omit<ModuleMetadata, 'imports'> {
  imports?: Importable[];
}

/**
 * Declares a feature module: a Nest module whose imports are completed by `composeFeatureModules` with the core of
 * the FlagwrightModule being built. Its providers see only what core and its imports export, as in any Nest module.
 */
export function FeatureModule({ imports = [], ...metadata }: FeatureModuleMetadata): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(FEATURE_IMPORTS, imports, target);
    Module(metadata)(target);
  };
}

function isFeatureModule(module: Importable): module is Type<unknown> {
  return typeof module === 'function' && Reflect.hasOwnMetadata(FEATURE_IMPORTS, module);
}

/**
 * One dynamic module per feature module reachable from `modules`, each importing `core` and the dynamic modules of
 * the feature modules it declares. Each is built once and the same object is imported wherever it is needed, so Nest
 * keeps one instance of every module (a dynamic module is identified by its metadata). Answers `modules`' own, in order.
 */
export function composeFeatureModules(core: DynamicModule, modules: Type<unknown>[]): DynamicModule[] {
  const built = new Map<Type<unknown>, DynamicModule>();
  const build = (module: Type<unknown>): DynamicModule => {
    let dynamic = built.get(module);
    if (dynamic) return dynamic;
    if (!Reflect.hasOwnMetadata(FEATURE_IMPORTS, module)) throw new Error(`${module.name} is not declared with @FeatureModule`);
    const imports = Reflect.getOwnMetadata(FEATURE_IMPORTS, module) as Importable[];
    dynamic = { module, imports: [core, ...imports.map((imported) => (isFeatureModule(imported) ? build(imported) : imported))] };
    built.set(module, dynamic);
    return dynamic;
  };
  return modules.map(build);
}
