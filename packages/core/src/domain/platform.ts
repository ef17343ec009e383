export type MobilePlatform = 'android' | 'ios' | 'other';

/** Android, iPhone/iPad/iPod or anything else, from the user agent (SPEC.md §4's store redirect). */
export function platformOf(userAgent: string): MobilePlatform {
  if (/android/i.test(userAgent)) return 'android';
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  return 'other';
}
