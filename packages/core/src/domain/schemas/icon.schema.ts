import { z } from 'zod';
import { ICON_ID_PATTERN } from '../icons';

/** An icon's identifier (`mdiMusic`): chosen in the dashboard's picker among core's ICON_NAMES, any Material Design name through the API. */
export const IconIdSchema = z.string().regex(ICON_ID_PATTERN, 'Icône attendue : un identifiant Material Design (mdiMusic, …), choisi dans la liste des icônes.');
