import { type FlagwrightConfig, type FlagwrightModuleOptions, resolveConfig } from '../config/flagwright-config.js';

/** The configuration with every default, a fixed session secret, and the spec's options on top. */
export function testConfig(options: Partial<FlagwrightModuleOptions> = {}): FlagwrightConfig {
  return resolveConfig({ session: { secret: 'unit-spec-secret' }, ...options });
}
