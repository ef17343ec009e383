/** The public page's reading of a place's hours: core's rules (core/src/domain/opening-hours.ts), written once. */
export { frenchRange, frenchTime, openingHoursLines, upcomingClosures, frenchDate, type OpeningDay } from '@sortie/core';
