/** Who may use the back office: staff and admins. The server's guard and the web's menu read the same rule. */
export const isStaffRoles = (roles: readonly string[] | null | undefined): boolean => Boolean(roles?.some((role) => role === 'staff' || role === 'admin'));

/** Who may manage accounts and roles: admins only. */
export const isAdminRoles = (roles: readonly string[] | null | undefined): boolean => Boolean(roles?.includes('admin'));
