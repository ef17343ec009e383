import { RESOURCES, type ResourceName } from '@sortie/core';
import { notFound } from '../http/errors';

/** "Événement introuvable.": the 404 of a resource, from its French label (a file of its own, so that a service low in the tree can say it). */
export const missing = (resource: ResourceName) => {
  const one = RESOURCES[resource].label.one;
  return notFound(`${one.charAt(0).toUpperCase()}${one.slice(1)} introuvable.`);
};
