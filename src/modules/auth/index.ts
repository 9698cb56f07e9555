/** The public entry of the auth module: what other modules and hosts may use. */
export { AuthModule } from './auth.module.js';
export { SignInService, type SignInMethod } from './sign-in.service.js';
export { AddressThrottle, AddressThrottleGuard } from './address-throttle.js';
export { PasswordLoginPort, type PasswordLoginPolicy } from './password-login.port.js';
export * from './auth.entities.js';
