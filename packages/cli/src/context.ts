import type { ServiceIdentifier } from 'inversify';
import type { Io } from './io';
import type { Output } from './output';

// What the program hands to a command and what a command needs from the outside. Its own
// module, so that the actions and the command tree (program.ts) do not import each other.

/** The options every command accepts, before or after its name. */
export interface GlobalOptions {
  api?: string;
  json?: boolean;
  quiet?: boolean;
  verbose?: boolean;
}

/** What a command needs from the outside: the container, the API's address, the session file. */
export interface Runtime {
  container: { get<T>(id: ServiceIdentifier<T>): T };
  /** The API's origin, for messages and for addresses printed back (…/r/{code}). */
  apiUrl: string;
  /** Erases the session kept on disk (the token file). */
  forgetSession(): void;
  /** Closes sockets and timers so that the process can end. */
  close(): void;
}

export interface ActionContext {
  container: Runtime['container'];
  apiUrl: string;
  out: Output;
  io: Io;
  forgetSession: Runtime['forgetSession'];
}
