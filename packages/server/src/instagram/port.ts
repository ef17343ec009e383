/*
 * What Sortie asks of Instagram, as a port: graph-adapter.ts implements it over the Graph API
 * (fetch), fake-graph.ts is a local HTTP server shaped like that API for the tests.
 */

export interface PublishedMedia {
  mediaId: string;
  permalink: string | null;
}

export interface InstagramPort {
  /** Creates the image container, publishes it, then reads the post's permalink. */
  publish(input: { imageUrl: string; caption: string }): Promise<PublishedMedia>;
  /** The account's username: a cheap authenticated call for the diagnostics. */
  account(): Promise<{ id: string; username: string | null }>;
}

/** A refusal from the Graph API, with its French reading and Graph's own message. */
export class InstagramError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: number | null,
  ) {
    super(message);
    this.name = 'InstagramError';
  }
}
