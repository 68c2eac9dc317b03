import { z } from 'zod';

// The server's CSP forbids eval; zod's JIT would probe for it with new Function and the browser would log
// a violation. Loaded by routes.tsx before the signed-in console (App), so it holds before any module
// builds a schema; the sign-in page builds none and does without zod.
z.config({ jitless: true });
