import { createRemoteJWKSet, decodeJwt, jwtVerify, SignJWT, type JWTVerifyGetKey } from 'jose';
import { AuthError } from '@sortie/core';

export const LOCAL_ISSUER = 'sortie-local';
export const LOCAL_AUDIENCE = 'sortie';
export const ID_TOKEN_TTL_SECONDS = 3600;
export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

/** Who an idToken says the caller is. */
export interface Identity {
  provider: 'local' | 'firebase';
  /** Our user id for local tokens, the Firebase uid otherwise. */
  subject: string;
  email: string | null;
  name: string | null;
  /** What the provider says of the e-mail (Firebase's email_verified); absent when it says nothing (the embedded provider). */
  emailVerified?: boolean;
  /** How the person signed in with Firebase (`firebase.sign_in_provider`: google.com, apple.com, password…). */
  signInProvider?: string;
}

/** Sign-in methods whose provider owns the address: what they say of an e-mail is proven. */
const VOUCHING_PROVIDERS = new Set(['google.com', 'apple.com']);

/** Whether the provider proves the identity's e-mail: Firebase's email_verified, or a Google or Apple sign-in. */
export const identityEmailProven = (identity: Identity): boolean =>
  identity.provider === 'firebase' && !!identity.email && (identity.emailVerified === true || VOUCHING_PROVIDERS.has(identity.signInProvider ?? ''));

const invalid = (cause?: unknown) => new AuthError('Jeton d’identité invalide ou expiré.', { code: 'INVALID_ID_TOKEN', cause });

/**
 * Issues the embedded identity provider's idTokens (HS256, one hour) and verifies them,
 * and Firebase ID tokens when a project is configured (RS256 against Google's keys).
 */
export class TokenService {
  private readonly key: Uint8Array;
  private googleKeys: JWTVerifyGetKey | undefined;

  constructor(
    secret: string,
    private readonly firebaseProjectId: string | null,
    googleKeys?: JWTVerifyGetKey,
    private readonly now: () => number = Date.now,
  ) {
    this.key = new TextEncoder().encode(secret);
    this.googleKeys = googleKeys;
  }

  issue(user: { id: string; email: string; displayName?: string }): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({ email: user.email, name: user.displayName ?? null })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(LOCAL_ISSUER)
      .setAudience(LOCAL_AUDIENCE)
      .setSubject(user.id)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ID_TOKEN_TTL_SECONDS)
      .sign(this.key);
  }

  async verify(idToken: string): Promise<Identity> {
    let issuer: unknown;
    try {
      issuer = decodeJwt(idToken).iss;
    } catch (error) {
      throw invalid(error);
    }
    const currentDate = new Date(this.now());
    if (issuer === LOCAL_ISSUER) {
      try {
        const { payload } = await jwtVerify(idToken, this.key, { issuer: LOCAL_ISSUER, audience: LOCAL_AUDIENCE, algorithms: ['HS256'], currentDate });
        if (typeof payload.sub !== 'string' || !payload.sub) throw invalid();
        return { provider: 'local', subject: payload.sub, email: typeof payload.email === 'string' ? payload.email : null, name: typeof payload.name === 'string' ? payload.name : null };
      } catch (error) {
        throw error instanceof AuthError ? error : invalid(error);
      }
    }
    if (!this.firebaseProjectId) throw invalid();
    // Google's keys are fetched on first use only (and cached by jose).
    this.googleKeys ??= createRemoteJWKSet(new URL(GOOGLE_JWKS_URL));
    try {
      const { payload } = await jwtVerify(idToken, this.googleKeys, {
        issuer: `https://securetoken.google.com/${this.firebaseProjectId}`,
        audience: this.firebaseProjectId,
        algorithms: ['RS256'],
        requiredClaims: ['exp', 'iat', 'sub'],
        currentDate,
      });
      const sub = payload.sub;
      if (typeof sub !== 'string' || sub.length === 0 || sub.length > 128) throw invalid();
      if (typeof payload.auth_time === 'number' && payload.auth_time * 1000 > this.now() + 60_000) throw invalid();
      const { firebase } = payload;
      const signInProvider = typeof firebase === 'object' && firebase !== null && 'sign_in_provider' in firebase ? firebase.sign_in_provider : undefined;
      return {
        provider: 'firebase',
        subject: sub,
        email: typeof payload.email === 'string' ? payload.email.toLowerCase() : null,
        name: typeof payload.name === 'string' ? payload.name : null,
        ...(typeof payload.email_verified === 'boolean' ? { emailVerified: payload.email_verified } : {}),
        ...(typeof signInProvider === 'string' ? { signInProvider } : {}),
      };
    } catch (error) {
      throw error instanceof AuthError ? error : invalid(error);
    }
  }
}
