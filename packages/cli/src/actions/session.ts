import { AuthError, CredentialsSchema, ProductApiPort, SessionService, SignIn, type CurrentUser } from '@sortie/core';
import { CommandFailure, UsageError } from '../cli-errors';
import type { ActionContext } from '../context';
import { isUnreachable, parseArgument, unreachable } from './errors';
import { ask, readAllStdin } from './prompt';

const describeUser = (user: Partial<CurrentUser>) => {
  const roles = user.roles?.length ? ` — ${user.roles.join(', ')}` : '';
  return `${user.displayName ?? 'Compte'} <${user.email ?? '?'}>${roles}`;
};

/** `login [--email] [--password-stdin]`: the password never comes from an argument. */
export async function login(context: ActionContext, options: { email?: string; passwordStdin?: boolean }): Promise<void> {
  const { container, out, io, apiUrl } = context;
  const terminal = io.stdin.isTTY === true;
  let email = options.email;
  if (email === undefined) {
    if (!terminal || options.passwordStdin) throw new UsageError('Adresse e-mail manquante : passez --email <email>.');
    email = await ask(io, 'Adresse e-mail : ');
  }
  let password: string;
  if (options.passwordStdin) password = await readAllStdin(io);
  else if (terminal) password = await ask(io, 'Mot de passe : ', { hidden: true });
  else throw new UsageError('Mot de passe manquant : saisissez-le au terminal, ou passez-le sur l’entrée standard avec --password-stdin.');

  const credentials = parseArgument(CredentialsSchema, { email, password }, 'les identifiants');
  const session = container.get(SessionService);
  try {
    await out.progress('Connexion…', () => container.get(SignIn).email(credentials));
  } catch (error) {
    if (isUnreachable(error)) throw unreachable(apiUrl, error);
    if (error instanceof AuthError) throw new CommandFailure(`Connexion refusée : ${error.message}`, error.code, { cause: error });
    throw error;
  }
  const user = session.state.user;
  if (!user) throw new CommandFailure('Connexion acceptée, mais le serveur ne reconnaît pas la session.', 'SESSION_MISSING');
  out.done(`Connecté·e : ${describeUser(user)}`, { user });
}

/** `logout`: ends the session on the server and forgets it locally, even if the server is down. */
export async function logout({ container, out, forgetSession }: ActionContext): Promise<void> {
  try {
    await out.progress('Déconnexion…', () => container.get(SessionService).logout());
  } finally {
    forgetSession();
  }
  out.done('Déconnecté·e : la session est effacée.', { user: null });
}

/** `whoami`: who the server says is signed in, through the me call. */
export async function whoami({ container, out }: ActionContext): Promise<void> {
  const user = await out.progress('Lecture de la session…', () => container.get(ProductApiPort).me());
  out.result({ user }, () => describeUser(user));
}
