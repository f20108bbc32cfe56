export {
  accessTokenLifetimeSeconds,
  codeLifetimeMs,
  createLocalOAuthProvider,
  localOAuthClient,
  localOAuthFlavours,
  localSubject,
  type LocalOAuthFlavour,
  type LocalOAuthProviderOptions,
} from "./provider.ts";
export { startLocalOAuthProvider, type LocalOAuthServer } from "./server.ts";
export { submitAuthorization, type AuthorizationAnswer } from "./client.ts";
