import { exportJwk, generateCryptoKeyPair } from '@fedify/fedify';
import { imageUrl, ImageFieldSchema, slugify } from '@sortie/core';
import { z } from 'zod';
import type { Db } from '../db/database';
import { recordOf } from '../db/rows';

/*
 * Every place and every organisation is an actor. Its address is /ap/actors/{id} (the record's
 * id: a renamed place keeps its followers); its handle, what WebFinger answers for
 * `acct:{handle}@{host}`, is a place's slug, or for an organisation a handle made once from its
 * name (another organisation's or a place's slug already taken: `-2`, `-3`…) and kept. A place
 * and an organisation never share a handle; should a place later take an organisation's handle
 * as its slug, WebFinger answers the place (places first), and the organisation stays followed
 * at its address.
 */
export type ActorKind = 'place' | 'organization';

export interface LocalActor {
  id: string;
  kind: ActorKind;
  handle: string;
  name: string;
  summary: string;
  /** The picture (the place's first photo, the organisation's logo), absolute. */
  icon: string | null;
  /** Its page on the site, absolute. */
  page: string;
  enabled: boolean;
}

const Text = z.string().optional().catch(undefined);
const PlaceRecord = z.looseObject({ name: z.string(), slug: z.string(), description: Text, images: z.array(ImageFieldSchema).optional().catch(undefined) });
const OrganizationRecord = z.looseObject({ name: z.string(), description: Text, logo: ImageFieldSchema.optional().catch(undefined) });

/** The first 500 characters of a description, as plain text for the profile. */
const summaryOf = (text: string | undefined) => (text ?? '').trim().slice(0, 500);

export async function actorRow(db: Db, id: string): Promise<{ kind: ActorKind; handle: string | null; enabled: boolean; keys: unknown } | null> {
  const [row] = await db.query<{ kind: string; handle: string | null; enabled: boolean; keys: unknown }>('SELECT kind, handle, enabled, keys FROM federation_actors WHERE record_id = $1', [id]);
  if (!row) return null;
  return { kind: row.kind === 'organization' ? 'organization' : 'place', handle: row.handle, enabled: row.enabled, keys: row.keys };
}

/** The place or organisation `id` as an actor, or null when there is none. */
export async function findActor(db: Db, origin: string, id: string): Promise<LocalActor | null> {
  const [place] = await db.query<{ data: unknown }>('SELECT data FROM places WHERE id = $1', [id]);
  const row = await actorRow(db, id);
  if (place) {
    const record = PlaceRecord.safeParse(recordOf(place.data));
    if (!record.success) return null;
    const { name, slug, description, images } = record.data;
    return { id, kind: 'place', handle: slug, name, summary: summaryOf(description), icon: imageUrl(images?.[0], origin) ?? null, page: `${origin}/places/${id}`, enabled: row?.enabled ?? true };
  }
  const [organization] = await db.query<{ data: unknown }>('SELECT data FROM organizations WHERE id = $1', [id]);
  if (!organization) return null;
  const record = OrganizationRecord.safeParse(recordOf(organization.data));
  if (!record.success) return null;
  const { name, description, logo } = record.data;
  const handle = row?.handle ?? (await allocateOrganizationHandle(db, id, name));
  return { id, kind: 'organization', handle, name, summary: summaryOf(description), icon: imageUrl(logo, origin) ?? null, page: `${origin}/organizations/${id}`, enabled: row?.enabled ?? true };
}

/** Gives the organisation its handle, once: its name's slug, or with `-2`, `-3`… when taken. */
async function allocateOrganizationHandle(db: Db, id: string, name: string): Promise<string> {
  const base = slugify(name, 50) || 'organisation';
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['federation:handles']);
    const [existing] = await tx.query<{ handle: string | null }>('SELECT handle FROM federation_actors WHERE record_id = $1', [id]);
    if (existing?.handle) return existing.handle;
    for (let n = 1; ; n++) {
      const handle = n === 1 ? base : `${base}-${n}`;
      const [taken] = await tx.query('SELECT 1 FROM places WHERE slug = $1 UNION ALL SELECT 1 FROM federation_actors WHERE handle = $1 LIMIT 1', [handle]);
      if (taken) continue;
      await tx.query(
        `INSERT INTO federation_actors (record_id, kind, handle) VALUES ($1, 'organization', $2)
         ON CONFLICT (record_id) DO UPDATE SET handle = EXCLUDED.handle, kind = 'organization'`,
        [id, handle],
      );
      return handle;
    }
  });
}

/** The id of the actor `handle` names: a place's slug first, then an organisation's handle. */
export async function idOfHandle(db: Db, handle: string): Promise<string | null> {
  const wanted = handle.toLowerCase();
  const [place] = await db.query<{ id: string }>('SELECT id FROM places WHERE slug = $1', [wanted]);
  if (place) return place.id;
  const find = async () => (await db.query<{ record_id: string }>(`SELECT record_id FROM federation_actors WHERE kind = 'organization' AND handle = $1`, [wanted]))[0]?.record_id ?? null;
  const found = await find();
  if (found) return found;
  // Organisations never looked up yet get their handles, oldest first (the same handles on every server process).
  const missing = await db.query<{ id: string; data: unknown }>(
    `SELECT o.id, o.data FROM organizations o LEFT JOIN federation_actors a ON a.record_id = o.id WHERE a.handle IS NULL ORDER BY o.created_at, o.id LIMIT 1000`,
  );
  for (const row of missing) {
    const record = OrganizationRecord.safeParse(recordOf(row.data));
    if (record.success) await allocateOrganizationHandle(db, row.id, record.data.name);
  }
  return find();
}

/** The « Fédération » switch of a place or an organisation. */
export async function setFederationEnabled(db: Db, id: string, kind: ActorKind, enabled: boolean): Promise<void> {
  await db.query(
    `INSERT INTO federation_actors (record_id, kind, enabled) VALUES ($1, $2, $3)
     ON CONFLICT (record_id) DO UPDATE SET enabled = EXCLUDED.enabled`,
    [id, kind, enabled],
  );
}

const StoredKeys = z.object({ rsa: z.object({ privateKey: z.record(z.string(), z.unknown()), publicKey: z.record(z.string(), z.unknown()) }), ed25519: z.object({ privateKey: z.record(z.string(), z.unknown()), publicKey: z.record(z.string(), z.unknown()) }) });

/**
 * The actor's key pairs: RSA (draft-cavage HTTP Signatures, what Mastodon checks) and Ed25519
 * (Object Integrity Proofs, RFC 9421), made at the first need and kept (as JWK) in the database.
 * The private keys are read here only, by the signing code.
 */
export async function actorKeyPairs(db: Db, id: string, kind: ActorKind): Promise<{ rsa: CryptoKeyPair; ed25519: CryptoKeyPair }> {
  const stored = StoredKeys.safeParse((await actorRow(db, id))?.keys);
  if (stored.success) return importPairs(stored.data);
  const rsa = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  const ed25519 = await generateCryptoKeyPair('Ed25519');
  const json = {
    rsa: { privateKey: await exportJwk(rsa.privateKey), publicKey: await exportJwk(rsa.publicKey) },
    ed25519: { privateKey: await exportJwk(ed25519.privateKey), publicKey: await exportJwk(ed25519.publicKey) },
  };
  // Two processes at once: the first keys written win, and both use them.
  await db.query(
    `INSERT INTO federation_actors (record_id, kind, keys) VALUES ($1, $2, $3::jsonb)
     ON CONFLICT (record_id) DO UPDATE SET keys = COALESCE(federation_actors.keys, EXCLUDED.keys)`,
    [id, kind, JSON.stringify(json)],
  );
  const again = StoredKeys.parse((await actorRow(db, id))?.keys);
  return importPairs(again);
}

/**
 * A stored JWK as a CryptoKey, with Node's WebCrypto (fedify's importJwk reads a global
 * `navigator` for Ed25519, which Node 20 lacks).
 */
function importKey(jwk: Record<string, unknown>, type: 'public' | 'private'): Promise<CryptoKey> {
  const usages: KeyUsage[] = type === 'public' ? ['verify'] : ['sign'];
  const { alg: _alg, ...withoutAlg } = jwk;
  return jwk.kty === 'OKP' ? crypto.subtle.importKey('jwk', withoutAlg, 'Ed25519', true, usages) : crypto.subtle.importKey('jwk', jwk, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, true, usages);
}

async function importPairs(keys: z.output<typeof StoredKeys>): Promise<{ rsa: CryptoKeyPair; ed25519: CryptoKeyPair }> {
  return {
    rsa: { privateKey: await importKey(keys.rsa.privateKey, 'private'), publicKey: await importKey(keys.rsa.publicKey, 'public') },
    ed25519: { privateKey: await importKey(keys.ed25519.privateKey, 'private'), publicKey: await importKey(keys.ed25519.publicKey, 'public') },
  };
}
