// Imported first by the command-line entry points, so the Node check runs before any module loads the database driver.
import { exitUnlessSupportedNode } from '../electron/node-runtime';

exitUnlessSupportedNode();
