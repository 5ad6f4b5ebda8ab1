// Vite's `?url` imports (the renderer's tsconfig loads no vite/client types).
declare module '*?url' {
  const url: string;
  export { url as default };
}
