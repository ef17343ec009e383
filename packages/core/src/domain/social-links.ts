/**
 * The networks a place's links (`socials`, stored as network → address) are typed with, and
 * their French names: the dashboard's choice and the public page's link text.
 */
export const SOCIAL_NETWORKS = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  x: 'X',
  linkedin: 'LinkedIn',
  spotify: 'Spotify',
  soundcloud: 'SoundCloud',
  bandcamp: 'Bandcamp',
  website: 'Site web',
  tickets: 'Billetterie',
} as const satisfies Record<string, string>;
export type SocialNetwork = keyof typeof SOCIAL_NETWORKS;

/** A stored network's French name (« twitter » is X now); an unknown one is shown as it was typed. */
export function socialNetworkLabel(network: string): string {
  const key = network.toLowerCase();
  if (key === 'twitter') return 'X';
  return (SOCIAL_NETWORKS as Record<string, string>)[key] ?? network;
}

/** An address typed without its scheme (« instagram.com/lebar ») gets https://; others stay as typed. */
export function withScheme(url: string): string {
  const text = url.trim();
  if (!text || /^[a-z][a-z0-9+.-]*:/i.test(text)) return text;
  return /^[\w-]+(\.[\w-]+)+(\/|$)/.test(text) ? `https://${text}` : text;
}
