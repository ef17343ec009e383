import type { LinkResolverPort } from '../../ports/link-resolver.port';
import { LinkNotFoundError } from '../../domain/errors';
import { rejectionOf, withSubject, type ContractRunner, type Teardown } from './runner';

export interface LinkResolverSubject extends Teardown {
  port: LinkResolverPort;
  /** A link the server knows, with a short code. */
  link: { _id: string; shortCode: string; url: string };
}

const UNKNOWN_ID = 'fffffffffffffffffffffff0';
const visit = { datetime: '2026-11-22T20:30:00.000Z', userAgent: 'Mozilla/5.0 (contract)' };

/** What a caller of LinkResolverPort may rely on, whoever implements it. */
export function linkResolverContract(t: ContractRunner, name: string, setup: () => Promise<LinkResolverSubject> | LinkResolverSubject): void {
  const { it, expect } = t;
  withSubject(t, `LinkResolverPort contract: ${name}`, setup, (subject) => {
    it('resolves a known short code to its link: id, url and short code', async () => {
      const { port, link } = subject();
      await expect(port.resolveShortCode({ shortCode: link.shortCode, ...visit })).resolves.toMatchObject({ _id: link._id, url: link.url, shortCode: link.shortCode });
    });

    it('counts each visit, by short code or by id: resolving answers the count with this visit in it', async () => {
      const { port, link } = subject();
      const first = await port.resolveShortCode({ shortCode: link.shortCode, ...visit });
      expect(first.visitCount).toEqual(expect.any(Number));
      await expect(port.recordVisit(link._id, visit)).resolves.toBeUndefined();
      const third = await port.resolveShortCode({ shortCode: link.shortCode, ...visit });
      expect(third.visitCount).toBe((first.visitCount ?? 0) + 2);
    });

    it('reads a link by id', async () => {
      const { port, link } = subject();
      await expect(port.getDynaLink(link._id)).resolves.toMatchObject({ _id: link._id, url: link.url, shortCode: link.shortCode });
    });

    it('rejects an unknown short code, an unknown id and a visit to an unknown id with LinkNotFoundError (404, LINK_NOT_FOUND)', async () => {
      const { port } = subject();
      for (const call of [
        () => port.resolveShortCode({ shortCode: 'personne-ne-connait-ce-code', ...visit }),
        () => port.getDynaLink(UNKNOWN_ID),
        () => port.recordVisit(UNKNOWN_ID, visit),
      ]) {
        const error = await rejectionOf(call());
        expect(error).toBeInstanceOf(LinkNotFoundError);
        expect(error).toMatchObject({ code: 'LINK_NOT_FOUND', statusCode: 404 });
      }
    });
  });
}
