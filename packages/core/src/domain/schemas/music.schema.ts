import { z } from 'zod';

/** SPEC.md §3: access_token and refresh_token, stored under spotify_token. */
export const MusicTokenSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.number().optional(),
  token_type: z.string().optional(),
  scope: z.string().optional(),
});
export type MusicToken = z.infer<typeof MusicTokenSchema>;

/** Stored under spotify_auth_state while the provider's page is open. */
export const MusicAuthStateSchema = z.object({ state: z.string(), originalUrl: z.string(), codeVerifier: z.string() });
export type MusicAuthState = z.infer<typeof MusicAuthStateSchema>;

/** SPEC.md §3: name and artists[0].name are read for the analysis lookup. */
export interface Track {
  name: string;
  artists: ReadonlyArray<{ name: string }>;
  uri?: string;
}

export interface Recording {
  id: string;
  title: string;
  score: number;
}
export interface RecordingSearch {
  recordings: Recording[];
}

export interface TrackAnalysis {
  recording: Recording;
  highLevel: unknown;
}
