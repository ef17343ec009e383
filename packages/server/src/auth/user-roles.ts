import { isAdminRoles, isStaffRoles } from '@sortie/core/domain';
import type { UserJson } from './users';

/** Whether the user (or nobody) is staff, or an admin: core's rules on their roles. */
export const isStaff = (user: UserJson | null) => isStaffRoles(user?.roles);
export const isAdmin = (user: UserJson | null) => isAdminRoles(user?.roles);
