import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  userId: string;
  /** The session the token belongs to (a row of `sessions`): signing out deletes it. */
  sessionId: string;
  expiresAt: Date;
}

export interface TokenSigner {
  /** A token for this session that ends at the configured lifetime. */
  sign(userId: string, sessionId: string): Promise<{ token: string; expiresAt: Date }>;
  /** The claims of a valid, unexpired token that carries `exp`, `sub` and `sid`, else null. */
  verify(token: string): Promise<TokenClaims | null>;
}

export function tokenSigner(secret: string, ttl: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    sign: async (userId, sessionId) => {
      const token = await new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(ttl)
        .sign(key);
      const { exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number };
      return { token, expiresAt: new Date(exp * 1000) };
    },
    verify: async (token) => {
      try {
        // A token without exp would never end: jose only checks exp when it is there, so require it.
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'sid'] });
        if (typeof payload.sid !== 'string' || !payload.sub || typeof payload.exp !== 'number') return null;
        return { userId: payload.sub, sessionId: payload.sid, expiresAt: new Date(payload.exp * 1000) };
      } catch {
        return null;
      }
    },
  };
}
