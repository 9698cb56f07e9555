import semver from 'semver';

/**
 * The oldest version of each SDK that Unleash does not call outdated (its SDK names before and after the 2025 rename),
 * as Unleash's `/api/admin/metrics/sdks/outdated` judges them. An SDK version is reported as `<name>:<version>`.
 */
export const OLDEST_CURRENT_SDK_VERSIONS: Readonly<Record<string, string>> = {
  'unleash-client-node': '5.3.2',
  'unleash-client-nextjs': '1.6.2',
  'unleash-client-java': '9.2.0',
  'unleash-client-go': '4.1.0',
  'unleash-client-python': '5.11.0',
  'unleash-client-ruby': '5.0.0',
  'unleash-client-dotnet': '4.1.3',
  'unleash-client-php': '2.3.0',
  'unleash-node-sdk': '6.6.0',
  'unleash-nextjs-sdk': '1.6.2',
  'unleash-java-sdk': '11.0.2',
  'unleash-go-sdk': '5.0.3',
  'unleash-python-sdk': '6.3.0',
  'unleash-ruby-sdk': '6.3.1',
  'unleash-dotnet-sdk': '5.3.0',
  'unleash-php-sdk': '2.9.1',
};

/** SDKs that run in browsers and apps and talk to the frontend API (the rest are backend SDKs). */
const FRONTEND_SDKS = [
  'unleash-client-js',
  'unleash-proxy-client-js',
  'unleash-react-sdk',
  'unleash-client-react',
  'unleash-android',
  'unleash-ios',
  'unleash-flutter',
];

export function isOutdatedSdk(sdkVersion: string | null): boolean {
  if (!sdkVersion) return false;
  const [name, version] = sdkVersion.split(':');
  const oldestCurrent = OLDEST_CURRENT_SDK_VERSIONS[name];
  return Boolean(oldestCurrent && version && semver.valid(version) && semver.lt(version, oldestCurrent));
}

export function isFrontendSdk(sdkVersion: string): boolean {
  const name = sdkVersion.split(':')[0];
  return FRONTEND_SDKS.some((frontend) => name.startsWith(frontend));
}
