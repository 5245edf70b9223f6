export { AccountDeletionService } from './account-deletion.service';
export { AuthThrottle } from './auth-throttle';
export { AuthService } from './auth.service';
export { CredentialCache } from './credential-cache';
export { JwtIssuer } from './jwt';
