/** The public entry of the console module: the web console's files, served at the root of our routes. */
export { ConsoleServer, CONSOLE_CONTENT_SECURITY_POLICY, consoleServerProvider } from './console-server.js';
export { findConsoleDirectory } from './console-files.js';
