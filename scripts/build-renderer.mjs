// Builds only the renderer (what the web host serves) into out/renderer.
import { build } from 'vite';

await build({ configFile: new URL('../renderer/vite.config.ts', import.meta.url).pathname, logLevel: 'warn' });
