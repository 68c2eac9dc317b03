// The server's CSP forbids eval; zod's JIT would probe for it with new Function and the browser would log
// a violation. zod keeps its configuration in this global (what z.config writes, shared by every copy of
// zod on the page) and reads it when a schema is built: set first thing by main.tsx, before any module
// builds one, without loading zod on screens that validate nothing (the dashboard, sign-in).
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
