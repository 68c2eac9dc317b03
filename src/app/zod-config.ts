import { z } from 'zod';

// The server's CSP forbids eval; zod's JIT would probe for it with new Function and the browser would log
// a violation. Imported first by main.tsx, so it holds before any module builds a schema.
z.config({ jitless: true });
