// Lets TypeScript accept Vite's asset imports (the stylesheet in main.ts).
/// <reference types="vite/client" />
