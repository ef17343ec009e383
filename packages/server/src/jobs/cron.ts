import { CronExpressionParser } from 'cron-parser';
import { TIME_ZONE } from '@sortie/core/domain';

/** The next time a cron expression fires after `from` (Europe/Paris, as the venues count). */
export function nextCronTime(cron: string, from: Date): Date {
  return CronExpressionParser.parse(cron, { currentDate: from, tz: TIME_ZONE }).next().toDate();
}
export function isValidCron(cron: string): boolean {
  try {
    CronExpressionParser.parse(cron);
    return true;
  } catch {
    return false;
  }
}
