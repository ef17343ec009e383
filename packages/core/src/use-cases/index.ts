import type { Newable } from 'inversify';
import { AnalyzeTrack } from './analyze-track.use-case';
import { BlindTestSession } from './blind-test-session.use-case';
import { LookUpTrackDetails } from './look-up-track-details.use-case';
import { QuestionsFromPlaylist } from './questions-from-playlist.use-case';
import { GoToNextEvent } from './go-to-next-event.use-case';
import { MobileAppRedirect } from './mobile-app-redirect.use-case';
import { MusicPlayback } from './music-playback.use-case';
import { MusicSpeaker } from './music-speaker.use-case';
import { NotificationInbox } from './notification-inbox.use-case';
import { RecordShareView } from './record-share-view.use-case';
import { ResolveDynaLink } from './resolve-dyna-link.use-case';
import { ResolveShortLink } from './resolve-short-link.use-case';
import { SessionService } from './session.use-case';
import { SignIn } from './sign-in.use-case';
import { TournamentActions } from './tournament-actions.use-case';
import { ToggleFollow } from './toggle-follow.use-case';
import { ToggleLike } from './toggle-like.use-case';
import { MarkNotificationsRead } from './mark-notifications-read.use-case';
import { RemoveFromMyList } from './remove-from-my-list.use-case';
import { SocketIdentity } from './socket-identity.use-case';

export * from './navigation';
export * from './parse-input';
export { externalTarget } from './link-target';
export * from './analyze-track.use-case';
export * from './go-to-next-event.use-case';
export * from './questions-from-playlist.use-case';
export * from './look-up-track-details.use-case';
export * from './mobile-app-redirect.use-case';
export * from './music-playback.use-case';
export * from './music-speaker.use-case';
export * from './notification-inbox.use-case';
export * from './record-share-view.use-case';
export * from './resolve-dyna-link.use-case';
export * from './resolve-short-link.use-case';
export * from './session.use-case';
export * from './sign-in.use-case';
export * from './tournament-actions.use-case';
export * from './blind-test-session.use-case';
export * from './optimistic-outcome';
export * from './toggle-like.use-case';
export * from './toggle-follow.use-case';
export * from './mark-notifications-read.use-case';
export * from './remove-from-my-list.use-case';
export * from './socket-identity.use-case';

/** Every use-case class, bound to itself by useCasesModule. */
export const USE_CASES: readonly Newable<object>[] = [
  ResolveShortLink,
  ResolveDynaLink,
  RecordShareView,
  GoToNextEvent,
  SessionService,
  SignIn,
  NotificationInbox,
  TournamentActions,
  BlindTestSession,
  MusicPlayback,
  MusicSpeaker,
  AnalyzeTrack,
  LookUpTrackDetails,
  QuestionsFromPlaylist,
  MobileAppRedirect,
  ToggleLike,
  ToggleFollow,
  MarkNotificationsRead,
  RemoveFromMyList,
  SocketIdentity,
];
