import { NavigatorPort } from '@sortie/core';
import { useUseCase } from '../../services/container-context';

/** The short address of a code on this site. */
export function useShortUrl(): (code: string) => string {
  const nav = useUseCase(NavigatorPort);
  return (code) => `${nav.currentUrl().origin}/r/${code}`;
}
