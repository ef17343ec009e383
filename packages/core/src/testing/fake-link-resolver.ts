import type { LinkResolverPort } from '../ports/link-resolver.port';
import type { DynaLink, ShortCodeVisit, Visit } from '../domain/schemas/links.schema';
import { LinkNotFoundError } from '../domain/errors';
import { ScriptedFake } from './scripted';

export type LinkVisit = { id?: string; shortCode?: string; datetime: string; userAgent: string };
type LinkMethod = 'resolveShortCode' | 'getDynaLink' | 'recordVisit';

/**
 * Short and dynamic links kept in memory; an unknown one rejects with LinkNotFoundError. As
 * the server does, each visit (by short code or by id) adds one to the link's visitCount.
 */
export class FakeLinkResolver extends ScriptedFake<LinkMethod> implements LinkResolverPort {
  readonly links: Partial<DynaLink>[] = [];

  /** A link the server knows (a copy: the visits counted here leave the caller's object alone). */
  knowLink(link: Partial<DynaLink>): this {
    this.links.push({ ...link });
    return this;
  }

  /** The visits recorded, by short code or by id, in order. */
  get visits(): LinkVisit[] {
    return this.calls.flatMap(({ method, args }): LinkVisit[] => {
      if (method === 'resolveShortCode') return [args[0] as ShortCodeVisit];
      if (method === 'recordVisit') return [{ id: args[0] as string, ...(args[1] as Visit) }];
      return [];
    });
  }

  resolveShortCode(visit: ShortCodeVisit): Promise<Partial<DynaLink>> {
    return this.run('resolveShortCode', [visit], () => this.#visit(this.#find((link) => link.shortCode === visit.shortCode)));
  }

  getDynaLink(id: string): Promise<Partial<DynaLink>> {
    return this.run('getDynaLink', [id], () => this.#find((link) => link._id === id));
  }

  recordVisit(id: string, visit: Visit): Promise<void> {
    return this.run('recordVisit', [id, visit], () => {
      this.#visit(this.#find((link) => link._id === id));
    });
  }

  #visit(link: Partial<DynaLink>): Partial<DynaLink> {
    link.visitCount = (link.visitCount ?? 0) + 1;
    return { ...link };
  }

  #find(test: (link: Partial<DynaLink>) => boolean): Partial<DynaLink> {
    const link = this.links.find(test);
    if (!link) throw new LinkNotFoundError();
    return link;
  }
}
