import { DEMO_ACCOUNTS } from '../packages/server/src/demo/ids';

export { DEMO_ACCOUNTS, DEMO_IDS, DEMO_SHORT_CODES, demoId } from '../packages/server/src/demo/ids';

/** The password of every demo account (SORTIE_DEMO_PASSWORD is not set by the harness). */
export const DEMO_PASSWORD = 'sortie-demo';

/**
 * A caller of the product API from the test process, as the CLI is: no cookie jar, the
 * session token as a bearer. Used to arrange and to check what the browser cannot see.
 */
export class Api {
  private constructor(
    private readonly baseUrl: string,
    private readonly token: string | null,
  ) {}

  static anonymous(baseUrl: string): Api {
    return new Api(baseUrl, null);
  }

  /** Signs in through the embedded identity provider, as the web app's e-mail sign-in does. */
  static async signIn(baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<Api> {
    const anonymous = Api.anonymous(baseUrl);
    const { idToken } = await anonymous.request<{ idToken: string }>('POST', '/api/identity/signIn', { email, password });
    const { sessionToken } = await anonymous.request<{ sessionToken: string }>('POST', '/api/auth/login/web', { idToken, messagingToken: null });
    return new Api(baseUrl, sessionToken);
  }

  static staff(baseUrl: string): Promise<Api> {
    return Api.signIn(baseUrl, DEMO_ACCOUNTS.staff.email);
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  get<T>(path: string): Promise<T> {
    return this.request<T>('GET', path);
  }
}
