/** A record of any resource, as the dashboard's pages read it. */
export type DashboardRecord = Record<string, unknown> & { _id: string };

/** The look shared by the panels beside a record's form. */
export const PANEL_CLASS = 'space-y-3 rounded-xl bg-surface/50 p-4 ring-1 ring-line';
export const PANEL_BUTTON_CLASS = 'rounded-lg border border-line px-3 py-1.5 text-sm hover:bg-white/5 disabled:opacity-50 focus-visible:outline-2';
