// The command implementations: one chunk, loaded by the first action that runs.
export { toCliError } from './errors';
export { login, logout, whoami } from './session';
export { linksCreate, linksGet, linksList, linksResolve, linksVisit, linksVisits } from './links';
export { eventsNext, sharesView } from './places';
export { tournamentEmit, tournamentGet, tournamentShow, tournamentWatch } from './tournament';
