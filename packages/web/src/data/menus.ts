import type { Menu, Place } from '@sortie/core';
import { useApiQuery } from './useApiQuery';

/** A menu and the place that serves it (null when the place cannot be read). */
export const useMenu = (id: string) =>
  useApiQuery(`menu:${id}`, async (api) => {
    const menu = await api.get<Menu>('menus', id);
    const place = await api.get<Place>('places', menu.placeId).catch(() => null);
    return { menu, place };
  });
