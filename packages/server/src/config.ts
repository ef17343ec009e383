import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { API_KEY_RATE_LIMIT_PER_MINUTE } from '@sortie/core/domain';
import { SERVER_PATHS } from './runtime-paths';

/** Attempts a minute per address at signing in, resetting a password and the like (SORTIE_SIGNIN_RATE_LIMIT). */
export const DEFAULT_SIGN_IN_RATE_LIMIT = 10;

/** Everything the server reads from its environment, once, at start. */
export interface ServerConfig {
  port: number;
  host: string;
  /** PGlite data folder: SORTIE_DATA_DIR (relative to the working directory), else the checkout's .data/, else ./.data. */
  dataDir: string;
  /** node-postgres connection string; PGlite when absent. */
  databaseUrl: string | undefined;
  /** The built web app (packages/web/dist unless SORTIE_WEB_DIST says otherwise). */
  webDist: string;
  /** Set the cookie's Secure flag and __Host- prefix (also when a request arrives over https). */
  secureCookies: boolean;
  /** Origins allowed to make state-changing requests besides the server's own. */
  allowedOrigins: string[];
  trustProxy: boolean;
  production: boolean;
  demoPassword: string;
  /** Secret for the embedded identity provider's tokens; generated and stored when absent. */
  secret: string | undefined;
  firebase: { projectId: string; apiKey: string; authDomain: string; appId: string; messagingSenderId: string | undefined } | null;
  pushPublicKey: string | null;
  /**
   * Firebase Cloud Messaging (FCM HTTP v1), when Firebase is configured and a service account is
   * given (FIREBASE_SERVICE_ACCOUNT: its JSON, or the path of its file; GOOGLE_APPLICATION_CREDENTIALS:
   * the path): the device tokens the web app's Firebase messaging registers receive the notifications.
   * FCM_API_URL replaces https://fcm.googleapis.com (a local fake, an air-gapped relay).
   */
  fcm: FcmConfig | null;
  /**
   * Web Push's VAPID key pair and contact (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT): from the
   * environment when both keys are set; otherwise made on the first start and kept in the database
   * (push/vapid-keys.ts), so that buildApp's context always has one.
   */
  vapid: VapidConfig | null;
  /** Who a push service may write to about this server (VAPID_SUBJECT: mailto: or https:); the public URL or the contact e-mail otherwise. */
  vapidSubject: string | null;
  /**
   * Origins an operator allows besides public https hosts (SORTIE_ALLOWED_PRIVATE_ORIGINS,
   * comma-separated, e.g. `http://127.0.0.1:4555`): push endpoints there may be private or plain http (tests, air-gapped setups).
   */
  allowedPrivateOrigins: string[];
  spotify: { clientId: string; redirectUri: string } | null;
  storePages: { ios: string | null; android: string | null };
  appLinkScheme: string | null;
  mapsApiKey: string | null;
  /** Lifetime of the anonymous public-read cache (0 turns it off). */
  microCacheMs: number;
  /** Rate limit of the sign-in endpoints, per IP and per minute. */
  signInRateLimit: number;
  /** Requests per minute and per API key (SORTIE_API_KEY_RATE_LIMIT, default 600), counted on every node alike. */
  apiKeyRateLimit: number;
  /** Core's per-connection limit on live-game socket events (SORTIE_SOCKET_RATE_LIMIT=0 turns it off, for a load test from one machine). */
  socketRateLimit: boolean;
  /** Hosts collectors may fetch even on a private address (SORTIE_COLLECTOR_ALLOWED_HOSTS, comma-separated). */
  collectorAllowedHosts: string[];
  /** SORTIE_ADMIN_EMAIL: the account given the admin role on its first sign-in (lower case), or null. */
  adminEmail: string | null;
  /** The site's public origin (https://sortie.example), for absolute links in sitemaps and calendars; the request's host when absent. */
  publicUrl: string | null;
  /** Send Strict-Transport-Security on every answer, not only on those that came over https (SORTIE_HSTS=1). */
  hsts: boolean;
  /** Days the audit log keeps an entry (SORTIE_AUDIT_RETENTION_DAYS, default 365); older ones are pruned daily. */
  auditRetentionDays: number;
  /** Stripe (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID; STRIPE_API_BASE points the client at another API, a local fake in tests). Server-side only. */
  stripe: StripeConfig;
  /** Where /pricing tells to write for Sortie Pro when payment is not configured (SORTIE_CONTACT_EMAIL), or null. */
  contactEmail: string | null;
  /** Instagram Graph API (INSTAGRAM_ACCESS_TOKEN, INSTAGRAM_USER_ID; INSTAGRAM_GRAPH_URL points at another API, a local fake in tests). Server-side only. */
  instagram: { accessToken: string | null; userId: string | null; graphUrl: string };
  /** Bright Data Web Unlocker (BRIGHTDATA_API_TOKEN, BRIGHTDATA_ZONE; BRIGHTDATA_API_URL for a local fake; BRIGHTDATA_TEST_URL the page the test reads). Server-side only. */
  brightdata: { apiToken: string | null; zone: string | null; apiUrl: string; testUrl: string };
}

/** The VAPID keys, base64url as web-push makes them. */
export interface VapidConfig {
  publicKey: string;
  privateKey: string;
}

/** Each value or null; Stripe is configured when all three are there (see stripe/stripe.routes.ts). */
export interface StripeConfig {
  secretKey: string | null;
  webhookSecret: string | null;
  priceId: string | null;
  apiBase: string | null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const projectId = env.FIREBASE_PROJECT_ID?.trim();
  return {
    port: Number(env.PORT ?? 3000) || 3000,
    host: env.HOST ?? '0.0.0.0',
    dataDir: env.SORTIE_DATA_DIR ? resolve(cwd, env.SORTIE_DATA_DIR) : resolve(SERVER_PATHS.workspaceRoot ?? cwd, '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    webDist: env.SORTIE_WEB_DIST ? resolve(cwd, env.SORTIE_WEB_DIST) : SERVER_PATHS.webDist,
    secureCookies: env.SORTIE_SECURE_COOKIES === '1',
    // SORTIE_ALLOWED_PRIVATE_ORIGINS is the one allowance (collectors and push endpoints); SORTIE_COLLECTOR_ALLOWED_HOSTS still adds hosts for the collectors.
    collectorAllowedHosts: [
      ...(env.SORTIE_COLLECTOR_ALLOWED_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
      ...privateOrigins(env.SORTIE_ALLOWED_PRIVATE_ORIGINS).map((origin) => new URL(origin).hostname.replace(/^\[|\]$/g, '')),
    ],
    allowedOrigins: (env.SORTIE_ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    trustProxy: env.SORTIE_TRUST_PROXY === '1',
    production: env.NODE_ENV === 'production',
    demoPassword: env.SORTIE_DEMO_PASSWORD || 'sortie-demo',
    secret: env.SORTIE_SECRET || undefined,
    firebase: projectId
      ? {
          projectId,
          apiKey: env.FIREBASE_API_KEY ?? '',
          authDomain: env.FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
          appId: env.FIREBASE_APP_ID ?? '',
          messagingSenderId: env.FIREBASE_MESSAGING_SENDER_ID,
        }
      : null,
    pushPublicKey: env.SORTIE_PUSH_PUBLIC_KEY ?? null,
    fcm: projectId ? fcmConfig(projectId, env) : null,
    vapid: vapidKeys(env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY),
    vapidSubject: env.VAPID_SUBJECT?.trim() || null,
    allowedPrivateOrigins: privateOrigins(env.SORTIE_ALLOWED_PRIVATE_ORIGINS),
    spotify: env.SPOTIFY_CLIENT_ID && env.SPOTIFY_REDIRECT_URI ? { clientId: env.SPOTIFY_CLIENT_ID, redirectUri: env.SPOTIFY_REDIRECT_URI } : null,
    // No store page unless one is configured: a phone is never sent to a placeholder (SPEC.md §4).
    storePages: {
      ios: env.SORTIE_IOS_STORE_URL?.trim() || null,
      android: env.SORTIE_ANDROID_STORE_URL?.trim() || null,
    },
    appLinkScheme: env.SORTIE_APP_LINK_SCHEME ?? 'sortie',
    mapsApiKey: env.SORTIE_MAPS_API_KEY ?? null,
    microCacheMs: env.SORTIE_MICROCACHE_MS === undefined ? 1000 : Number(env.SORTIE_MICROCACHE_MS) || 0,
    signInRateLimit: Number(env.SORTIE_SIGNIN_RATE_LIMIT ?? DEFAULT_SIGN_IN_RATE_LIMIT) || DEFAULT_SIGN_IN_RATE_LIMIT,
    apiKeyRateLimit: Number(env.SORTIE_API_KEY_RATE_LIMIT ?? API_KEY_RATE_LIMIT_PER_MINUTE) || API_KEY_RATE_LIMIT_PER_MINUTE,
    socketRateLimit: env.SORTIE_SOCKET_RATE_LIMIT !== '0',
    adminEmail: env.SORTIE_ADMIN_EMAIL?.trim().toLowerCase() || null,
    publicUrl: publicOrigin(env.SORTIE_PUBLIC_URL),
    hsts: env.SORTIE_HSTS === '1',
    auditRetentionDays: Math.max(1, Math.floor(Number(env.SORTIE_AUDIT_RETENTION_DAYS || 365))) || 365,
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY?.trim() || null,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() || null,
      priceId: env.STRIPE_PRICE_ID?.trim() || null,
      apiBase: env.STRIPE_API_BASE?.trim() || null,
    },
    contactEmail: env.SORTIE_CONTACT_EMAIL?.trim() || null,
    instagram: {
      accessToken: env.INSTAGRAM_ACCESS_TOKEN?.trim() || null,
      userId: env.INSTAGRAM_USER_ID?.trim() || null,
      graphUrl: (env.INSTAGRAM_GRAPH_URL?.trim() || 'https://graph.facebook.com/v21.0').replace(/\/+$/, ''),
    },
    brightdata: {
      apiToken: env.BRIGHTDATA_API_TOKEN?.trim() || null,
      zone: env.BRIGHTDATA_ZONE?.trim() || null,
      apiUrl: (env.BRIGHTDATA_API_URL?.trim() || 'https://api.brightdata.com').replace(/\/+$/, ''),
      testUrl: env.BRIGHTDATA_TEST_URL?.trim() || 'https://geo.brdtest.com/welcome.txt',
    },
  };
}

/** The origins of SORTIE_ALLOWED_PRIVATE_ORIGINS (comma-separated http(s) addresses; the rest ignored). */
function privateOrigins(value: string | undefined): string[] {
  return (value ?? '').split(',').map((o) => publicOrigin(o)).filter((o): o is string => o !== null);
}

/** Both VAPID keys from the environment, or null (then made once and kept in the database). */
function vapidKeys(publicKey: string | undefined, privateKey: string | undefined): VapidConfig | null {
  const [pub, priv] = [publicKey?.trim(), privateKey?.trim()];
  return pub && priv ? { publicKey: pub, privateKey: priv } : null;
}

/** The origin of SORTIE_PUBLIC_URL (http or https), or null when absent or not a URL. */
function publicOrigin(value: string | undefined): string | null {
  if (!value?.trim()) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

export interface FcmConfig {
  projectId: string;
  clientEmail: string;
  privateKey: string;
  /** The service account's token endpoint (its `token_uri`). */
  tokenUri: string;
  apiUrl: string;
}

/** The service account FCM needs, or null when none is given; a file or JSON that cannot be read stops the start with a French message. */
function fcmConfig(projectId: string, env: NodeJS.ProcessEnv): FcmConfig | null {
  const given = env.FIREBASE_SERVICE_ACCOUNT?.trim() || env.GOOGLE_APPLICATION_CREDENTIALS?.trim();
  if (!given) return null;
  let account: { project_id?: unknown; client_email?: unknown; private_key?: unknown; token_uri?: unknown };
  try {
    account = JSON.parse(given.startsWith('{') ? given : readFileSync(given, 'utf8')) as typeof account;
  } catch (error) {
    throw new Error(`Compte de service Firebase illisible (FIREBASE_SERVICE_ACCOUNT, GOOGLE_APPLICATION_CREDENTIALS) : ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof account.client_email !== 'string' || typeof account.private_key !== 'string') {
    throw new Error('Compte de service Firebase incomplet : client_email et private_key sont nécessaires.');
  }
  return {
    projectId: typeof account.project_id === 'string' && account.project_id ? account.project_id : projectId,
    clientEmail: account.client_email,
    privateKey: account.private_key,
    tokenUri: typeof account.token_uri === 'string' && account.token_uri ? account.token_uri : 'https://oauth2.googleapis.com/token',
    apiUrl: (env.FCM_API_URL?.trim() || 'https://fcm.googleapis.com').replace(/\/+$/, ''),
  };
}
