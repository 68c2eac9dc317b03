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

/** How many verified tokens are remembered (a few hundred bytes each). */
const VERIFIED_TOKENS = 1000;

export function tokenSigner(secret: string, ttl: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  // A token's signature is checked once: the same string verifies the same way until its exp, which is
  // checked on every use. Revocation is not the token's business (the session row is read on every
  // request), so remembering a verified token never lets an ended session in. Insertion order is
  // the age: the oldest goes first when the map is full.
  const verified = new Map<string, TokenClaims>();
  const remembered = (token: string) => {
    const claims = verified.get(token);
    if (claims && claims.expiresAt.getTime() > Date.now()) return claims;
    if (claims) verified.delete(token);
    return undefined;
  };
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
      const known = remembered(token);
      if (known) return known;
      try {
        // A token without exp would never end: jose only checks exp when it is there, so require it.
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'sub', 'sid'],
        });
        if (typeof payload.sid !== 'string' || !payload.sub || typeof payload.exp !== 'number') return null;
        const claims = { userId: payload.sub, sessionId: payload.sid, expiresAt: new Date(payload.exp * 1000) };
        if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
        verified.set(token, claims);
        return claims;
      } catch {
        return null;
      }
    },
  };
}
