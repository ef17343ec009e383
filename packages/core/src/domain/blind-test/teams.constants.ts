/** Team mode's limits, apart from its rules (teams.ts), which read the game's schema: the schema reads these. */
export const MAX_TEAMS = 12;
export const TEAM_SCORES = ['mean', 'sum'] as const;
export type TeamScore = (typeof TEAM_SCORES)[number];
