/** The query parameters of SPEC.md §2 that any address may carry: a dynamic link to follow, a share to record. */
export const DYNA_PARAM = 'dyna';
export const SHARE_PARAM = 'nshid';
