// The app's identity, read from package.json at build time so main and web mode report the same version.
import pkg from '../package.json' with { type: 'json' };

export const APP_NAME: string = pkg.productName;
export const APP_VERSION: string = pkg.version;
