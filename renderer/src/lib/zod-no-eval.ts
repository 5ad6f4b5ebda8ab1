import { z } from 'zod';

// The CSP forbids eval. Without this, zod probes `new Function` while the contract's schemas are
// built, which the browser reports as a CSP violation. Imported first by main.tsx, before any schema.
z.config({ jitless: true });
