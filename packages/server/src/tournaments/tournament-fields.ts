/**
 * What a tournament's REST create starts with, and what no REST write changes: the bracket, its
 * status and its results belong to the socket actions (core's rules), never to a request body.
 */
export const TOURNAMENT_SERVER_FIELDS = { status: 'registration', matches: [], standings: [], winnerId: null } as const;
