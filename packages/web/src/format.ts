// Every date and amount a visitor reads is written by core's French formatting (fr-FR, Paris
// time), whatever the browser's own locale and time zone; kept here so that shared code and
// features import their formats from one short path.
export { formatDate, formatDateTime, formatNumber, formatPrice, formatPriceRange, formatShortDate, formatTime } from '@sortie/core';
