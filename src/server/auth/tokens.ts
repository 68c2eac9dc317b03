import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  userId: string;
}

export interface TokenSigner {
  sign(userId: string): Promise<string>;
  /** The claims of a valid, unexpired token, else null. */
  verify(token: string): Promise<TokenClaims | null>;
}

export function tokenSigner(secret: string, ttl: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (userId) =>
      new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(userId).setIssuedAt().setExpirationTime(ttl).sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        return payload.sub ? { userId: payload.sub } : null;
      } catch {
        return null;
      }
    },
  };
}
