import type { ComponentType, LazyExoticComponent } from 'react';
import { lazy } from '../components/lazy-retry';
import { DASHBOARD_EXTRA_PAGES, DASHBOARD_RESOURCES } from '@sortie/core';
import type { PageProps } from '../pages/types';

type Page = LazyExoticComponent<ComponentType<PageProps>>;
type Loader = () => Promise<{ default: ComponentType<PageProps> }>;

/*
 * Each page is its own chunk (STYLE.md §11): the landing page's JavaScript carries none of
 * the others. The keys are the route names of core's route table; routing.test.tsx checks
 * that every route has its page.
 */
const PUBLIC_PAGES: Record<string, Loader> = {
  landing: () => import('../pages/LandingPage'),
  pro: () => import('../pages/ProPage'),
  account: () => import('../pages/AccountPage'),
  accountPassword: () => import('../features/account/AccountPasswordPage'),
  accountReset: () => import('../features/account/PasswordResetPage'),
  accountVerify: () => import('../features/account/EmailVerificationPage'),
  artist: () => import('../pages/ArtistPage'),
  blindTest: () => import('../pages/BlindTestPage'),
  blog: () => import('../pages/BlogPage'),
  blogPost: () => import('../pages/BlogPostPage'),
  docs: () => import('../pages/DocsPage'),
  event: () => import('../pages/EventPage'),
  championship: () => import('../pages/ChampionshipPage'),
  form: () => import('../pages/FormPage'),
  formEntry: () => import('../pages/FormEntryPage'),
  home: () => import('../pages/HomePage'),
  join: () => import('../pages/JoinPage'),
  joinCode: () => import('../pages/JoinPage'),
  jobOffers: () => import('../pages/JobOffersPage'),
  legal: () => import('../pages/LegalPage'),
  legalPrivacy: () => import('../pages/LegalPrivacyPage'),
  legalTou: () => import('../pages/LegalTouPage'),
  map: () => import('../pages/MapPage'),
  menu: () => import('../pages/MenuPage'),
  nextEvent: () => import('../pages/NextEventPage'),
  notFound: () => import('../pages/NotFoundPage'),
  notifications: () => import('../pages/NotificationsPage'),
  organization: () => import('../pages/OrganizationPage'),
  places: () => import('../pages/PlacesPage'),
  place: () => import('../pages/PlacePage'),
  placeJobOffers: () => import('../pages/PlaceJobOffersPage'),
  shortLinkRoot: () => import('../pages/ShortLinkPage'),
  shortLink: () => import('../pages/ShortLinkPage'),
  raffle: () => import('../pages/RafflePage'),
  search: () => import('../pages/SearchPage'),
  spotify: () => import('../pages/SpotifyPage'),
  stripeCancel: () => import('../pages/StripeCancelPage'),
  stripeSuccess: () => import('../pages/StripeSuccessPage'),
  pricing: () => import('../pages/PricingPage'),
  suggestions: () => import('../pages/SuggestionsPage'),
  tournament: () => import('../pages/TournamentPage'),
  tournamentScreen: () => import('../pages/TournamentScreenPage'),
  tournamentCheckIn: () => import('../pages/TournamentCheckInPage'),
  unauthorized: () => import('../pages/UnauthorizedPage'),
  user: () => import('../pages/UserPage'),
  userBadges: () => import('../pages/UserBadgesPage'),
  userFollowing: () => import('../pages/UserFollowingPage'),
  userLikes: () => import('../pages/UserLikesPage'),
  debugMobile: () => import('../pages/DebugMobilePage'),
  devPricing: () => import('../pages/DevPricingPage'),
};

const dashboardHome: Loader = () => import('../pages/dashboard/DashboardHomePage');
const resourceList: Loader = () => import('../pages/dashboard/ResourceListPage');
const resourceDetail: Loader = () => import('../pages/dashboard/ResourceDetailPage');
const tool: Loader = () => import('../pages/dashboard/DashboardToolPage');

const camel = (path: string) => path.replace(/[/_](\w)/g, (_, c: string) => c.toUpperCase());

const DASHBOARD_PAGES: Record<string, Loader> = {
  dashboard: dashboardHome,
  ...Object.fromEntries(
    DASHBOARD_RESOURCES.flatMap((resource) => [
      [`dashboard.${resource}`, resourceList],
      [`dashboard.${resource}.detail`, resourceDetail],
    ]),
  ),
  ...Object.fromEntries(DASHBOARD_EXTRA_PAGES.map((extra) => [`dashboard.${camel(extra)}`, tool])),
  'dashboard.placesTypes.detail': resourceDetail,
};

export const PAGE_LOADERS: Readonly<Record<string, Loader>> = { ...PUBLIC_PAGES, ...DASHBOARD_PAGES };

// One lazy component per loader, so that routes sharing a page share its chunk and state.
const lazyByLoader = new Map<Loader, Page>();
export const PAGES: Readonly<Record<string, Page>> = Object.fromEntries(
  Object.entries(PAGE_LOADERS).map(([name, loader]) => {
    let page = lazyByLoader.get(loader);
    if (!page) lazyByLoader.set(loader, (page = lazy(loader)));
    return [name, page];
  }),
);
